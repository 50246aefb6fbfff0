import { Type, type Static } from 'typebox';
import { Translated } from './common';

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

export const DiseaseCatalogue = Type.Object({
  method: Type.String(),
  source: Type.String(),
  severityBands: Type.Array(Type.Object({ grade: Type.Integer(), upToPercent: Type.Union([Type.Number(), Type.Null()]) })),
  diseases: Type.Array(
    Type.Object({ id: Type.String(), pattern: DiseasePattern, crops: Type.Array(Type.String()), scientificName: Type.String(), name: Translated }),
  ),
});
export type DiseaseCatalogue = Static<typeof DiseaseCatalogue>;
