/**
 * /disease: the knowledge base, and POST /disease/detect with a multipart `image` field.
 * The photo is analysed in memory and never stored; each successful detection is kept in the caller's
 * history (GET /disease/history, /disease/history/:id) with a ~160 px thumbnail made from it.
 */
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { ApiErrorBody } from '../../../../contracts/common';
import { DiseaseCatalogue, DiseaseHistoryEntry, DiseaseHistoryPage, DetectedDisease } from '../../../../contracts/disease';
import { PageQuery } from '../../../../contracts/common';
import { DISEASE_INPUT_ERRORS, MAX_UPLOAD_BYTES } from '../../domain/disease/imageGuard';
import { AppError, badRequest, translated } from '../../lib/errors';
import { perUserLimit } from '../../lib/rateLimits';
import { readMultipart } from '../../lib/multipart';
import * as service from './service';

const errors = { 400: ApiErrorBody, 401: ApiErrorBody, 413: ApiErrorBody, 429: ApiErrorBody };
const Lang = Type.Union([Type.Literal('english'), Type.Literal('marathi'), Type.Literal('hindi')]);
const noImage = translated('Please attach a leaf photo in the "image" field.', 'कृपया "image" मध्ये पानाचा फोटो जोडा.', 'कृपया "image" में पत्ती की फ़ोटो जोड़ें।');

const routes: FastifyPluginAsyncTypebox = async (app) => {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 4, parts: 5, fieldSize: 200 } });

  const disease = service.createDiseaseService(app.config, app.log);
  app.addHook('onClose', async () => disease.close());
  // Not with the app (building it does not wait for a thread that loads its modules and the classifier): once the
  // server is listening, in the background, so the first farmer's photo finds them ready.
  app.addHook('onListen', (done) => {
    disease.warm();
    done();
  });

  app.get(
    '/disease',
    { schema: { tags: ['disease'], response: { 200: DiseaseCatalogue, ...errors } } },
    async () => disease.catalogue(),
  );

  /** The photo of each upload, read by the route's preHandler (before the idempotency check hashes it). */
  const images = new WeakMap<FastifyRequest, Buffer>();
  app.post(
    '/disease/detect',
    {
      // A leaf photo on 2G takes minutes to arrive (plugins/requestTimeout.ts). The outbox replays a photo sent
      // offline with the same Idempotency-Key: the photo's bytes and the query stand for the request.
      config: {
        rateLimit: perUserLimit(app.config.diseaseDetectPerUserPerMinute),
        upload: true,
        idempotent: { fingerprint: (req) => images.get(req) ?? null },
      },
      schema: {
        tags: ['disease'],
        consumes: ['multipart/form-data'],
        querystring: Type.Object({ lang: Type.Optional(Lang), crop: Type.Optional(Type.String({ maxLength: 40 })) }),
        response: { 200: DetectedDisease, ...errors },
      },
      preHandler: async (req) => {
        if (!req.isMultipart()) throw badRequest(noImage, undefined, 'IMAGE_REQUIRED');
        const { files } = await readMultipart(req, new AppError(413, 'IMAGE_TOO_LARGE', DISEASE_INPUT_ERRORS.tooLarge));
        const image = files.find((f) => f.fieldname === 'image')?.content ?? null;
        if (!image || image.byteLength === 0) throw badRequest(noImage, undefined, 'IMAGE_REQUIRED');
        images.set(req, image);
      },
    },
    async (req) => disease.detect(app.db, req.user!, images.get(req)!, { lang: req.query.lang, crop: req.query.crop }),
  );

  app.get(
    '/disease/history',
    {
      schema: { tags: ['disease'], querystring: Type.Object(PageQuery), response: { 200: DiseaseHistoryPage, ...errors } },
    },
    async (req) => service.listDiagnoses(app.db, req.user!, req.query.page ?? 1, req.query.limit ?? 10),
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
    async (req) => service.diagnosis(app.db, req.user!, req.params.id),
  );
};

export default routes;
