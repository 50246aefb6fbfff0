/**
 * /disease: the knowledge base, and POST /disease/detect with a multipart `image` field.
 * The photo is analysed in memory and never stored; each successful detection is kept in the caller's
 * history (GET /disease/history, /disease/history/:id) with a ~160 px thumbnail made from it.
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { DiseaseCatalogue, DiseaseHistoryEntry, DiseaseHistoryPage, DiseaseResult } from '../../../../contracts/disease';
import { PageQuery } from '../../../../contracts/common';
import { analyseLeaf } from '../../domain/disease/analyseLeaf';
import { colourClassifier, type LeafClassifier } from '../../domain/disease/classifier';
import { chooseClassifier } from '../../domain/disease/chooseClassifier';
import { DISEASE_INPUT_ERRORS, MAX_UPLOAD_BYTES } from '../../domain/disease/imageGuard';
import { DISEASE_SOURCE, DISEASES } from '../../domain/disease/knowledgeBase';
import { SEVERITY_BANDS } from '../../domain/disease/severity';
import { AppError, badRequest, notFound, translated } from '../../lib/errors';
import { perUserLimit } from '../../lib/rateLimits';
import { readMultipart } from '../../lib/multipart';
import { preferredLanguage } from '../userLanguage';
import { findDiagnosis, listDiagnoses, makeThumbnail, recordDiagnosis } from './history';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 413: ApiErrorBody, 429: ApiErrorBody };
const Lang = Type.Union([Type.Literal('english'), Type.Literal('marathi'), Type.Literal('hindi')]);
const noImage = translated('Please attach a leaf photo in the "image" field.', 'कृपया "image" मध्ये पानाचा फोटो जोडा.', 'कृपया "image" में पत्ती की फ़ोटो जोड़ें।');


const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 200 } });

  let classifier: LeafClassifier = colourClassifier;
  try {
    classifier = await chooseClassifier(app.config);
  } catch (err) {
    app.log.error({ err }, 'disease model could not be loaded; using colour analysis');
  }

  app.get(
    '/disease',
    { schema: { tags: ['disease'], response: { 200: DiseaseCatalogue, ...errors } } },
    async () => ({
      method: classifier.method,
      source: DISEASE_SOURCE,
      severityBands: SEVERITY_BANDS.map((b) => ({ grade: b.grade, upToPercent: Number.isFinite(b.below) ? b.below * 100 : null })),
      diseases: DISEASES.map(({ id, pattern, crops, scientificName, name }) => ({ id, pattern, crops, scientificName, name })),
    }),
  );

  app.post(
    '/disease/detect',
    {
      // A leaf photo on 2G takes minutes to arrive (plugins/requestTimeout.ts).
      config: { rateLimit: perUserLimit(app.config.diseaseDetectPerUserPerMinute), upload: true },
      schema: {
        tags: ['disease'],
        consumes: ['multipart/form-data'],
        querystring: Type.Object({ lang: Type.Optional(Lang), crop: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: DiseaseResult, ...errors },
      },
    },
    async (req) => {
      if (!req.isMultipart()) throw badRequest(noImage, undefined, 'IMAGE_REQUIRED');
      const { files } = await readMultipart(req, new AppError(413, 'IMAGE_TOO_LARGE', DISEASE_INPUT_ERRORS.tooLarge));
      const image = files.find((f) => f.fieldname === 'image')?.content ?? null;
      if (!image || image.byteLength === 0) throw badRequest(noImage, undefined, 'IMAGE_REQUIRED');
      const lang = req.query.lang ?? (await preferredLanguage(app.db, req.user!.id));
      const result = await analyseLeaf(image, { lang, crop: req.query.crop, classifier });
      // analyseLeaf has checked the image, so the thumbnail decodes; the row is written only for a result.
      const thumbnail = await makeThumbnail(image);
      await recordDiagnosis(app.db, req.user!.id, result, thumbnail);
      return result;
    },
  );

  app.get(
    '/disease/history',
    {
      schema: { tags: ['disease'], querystring: Type.Object(PageQuery), response: { 200: DiseaseHistoryPage, ...errors } },
    },
    async (req) => listDiagnoses(app.db, req.user!.id, req.query.page ?? 1, req.query.limit ?? 10),
  );

  app.get(
    '/disease/history/:id',
    {
      schema: {
        tags: ['disease'],
        params: Type.Object({ id: Type.String({ maxLength: 64 }) }),
        response: { 200: DiseaseHistoryEntry, 404: ApiErrorBody, ...errors },
      },
    },
    async (req) => {
      // Only the caller's own entries exist for them: someone else's id answers exactly like a missing one.
      const entry = await findDiagnosis(app.db, req.user!.id, req.params.id);
      if (!entry) throw notFound();
      return entry;
    },
  );
};

export default routes;
