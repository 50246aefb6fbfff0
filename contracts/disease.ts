import { Type, type Static } from 'typebox';
import { Pagination, Translated } from './common';

export const DiseasePattern = Type.Union([
  Type.Literal('healthy'),
  Type.Literal('leafSpot'),
  Type.Literal('blight'),
  Type.Literal('rust'),
  Type.Literal('powderyMildew'),
  Type.Literal('mosaic'),
  Type.Literal('yellowing'),
]);

export const DiseaseResult = Type.Object({
  diseaseId: Type.String(),
  disease: Type.String(),
  scientificName: Type.String(),
  pattern: DiseasePattern,
  severity: Type.Integer({ minimum: 1, maximum: 5 }),
  confidence: Type.Integer({ minimum: 0, maximum: 100 }),
  treatment: Type.Array(Type.String()),
  prevention: Type.Array(Type.String()),
  possibleDiseases: Type.Array(Type.String()),
  method: Type.Union([Type.Literal('colour-analysis'), Type.Literal('onnx-model')]),
  measured: Type.Object({
    leafAreaPercent: Type.Number(),
    affectedPercent: Type.Number(),
    lesionPercent: Type.Number(),
    chloroticPercent: Type.Number(),
    powderyPercent: Type.Number(),
  }),
});
export type DiseaseResult = Static<typeof DiseaseResult>;

/** POST /disease/detect: the result and the id of the diagnosis kept for it (the farmer rates the result by it). */
export const DetectedDisease = Type.Object({ ...DiseaseResult.properties, diagnosisId: Type.String() });
export type DetectedDisease = Static<typeof DetectedDisease>;

export const DiseaseCatalogue = Type.Object({
  method: Type.String(),
  source: Type.String(),
  severityBands: Type.Array(Type.Object({ grade: Type.Integer(), upToPercent: Type.Union([Type.Number(), Type.Null()]) })),
  diseases: Type.Array(
    Type.Object({ id: Type.String(), pattern: DiseasePattern, crops: Type.Array(Type.String()), scientificName: Type.String(), name: Translated }),
  ),
});
export type DiseaseCatalogue = Static<typeof DiseaseCatalogue>;

/** One past diagnosis in the caller's history list: the disease's name in every language, so the list follows the UI. */
export const DiseaseHistoryItem = Type.Object({
  _id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  diseaseId: Type.String(),
  name: Translated,
  severity: Type.Integer(),
  /** A ~160 px WebP as a data URL. */
  thumbnail: Type.String(),
});
export type DiseaseHistoryItem = Static<typeof DiseaseHistoryItem>;

export const DiseaseHistoryPage = Type.Object({ items: Type.Array(DiseaseHistoryItem), pagination: Pagination });
export type DiseaseHistoryPage = Static<typeof DiseaseHistoryPage>;

/** A past diagnosis opened again: the result exactly as the detector answered it then. */
export const DiseaseHistoryEntry = Type.Object({
  _id: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  thumbnail: Type.String(),
  result: DiseaseResult,
});
export type DiseaseHistoryEntry = Static<typeof DiseaseHistoryEntry>;
