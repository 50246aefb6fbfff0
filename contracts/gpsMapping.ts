/** GPS field mapping (spec sections 3 and 7). Coordinates are [longitude, latitude] as the spec gives them. */
import { Type, type Static } from 'typebox';
import { Uuid } from './common';

const Coordinates = Type.Tuple([Type.Number({ minimum: -180, maximum: 180 }), Type.Number({ minimum: -90, maximum: 90 })]);
const AreaUnit = Type.Union([Type.Literal('acres'), Type.Literal('hectares'), Type.Literal('sq_meters')]);
const SoilType = Type.Union([
  Type.Literal('unknown'),
  Type.Literal('clay'),
  Type.Literal('loam'),
  Type.Literal('sandy'),
  Type.Literal('silt'),
  Type.Literal('peaty'),
  Type.Literal('chalky'),
]);
const Status = Type.Union([Type.Literal('active'), Type.Literal('inactive'), Type.Literal('fallow'), Type.Literal('sold')]);
const Metadata = Type.Record(Type.String({ maxLength: 40 }), Type.Union([Type.String({ maxLength: 200 }), Type.Number()]));

export const FieldLocation = Type.Object({
  _id: Uuid,
  fieldId: Uuid,
  name: Type.String(),
  status: Type.String(),
  location: Type.Object({ type: Type.Literal('Point'), coordinates: Type.Array(Type.Number()) }),
  area: Type.Object({ value: Type.Union([Type.Number(), Type.Null()]), unit: Type.String() }),
  elevation: Type.Object({ value: Type.Union([Type.Number(), Type.Null()]), unit: Type.Literal('meters') }),
  soilType: Type.String(),
  irrigationType: Type.Union([Type.String(), Type.Null()]),
  metadata: Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()])),
  accuracy: Type.Union([Type.Number(), Type.Null()]),
  lastSurvey: Type.Object({ date: Type.Union([Type.String(), Type.Null()]), method: Type.Union([Type.String(), Type.Null()]) }),
  /** Kilometres from the asked position (nearby search only). */
  distanceKm: Type.Optional(Type.Number()),
});
export type FieldLocation = Static<typeof FieldLocation>;
export const FieldLocationsResponse = Type.Object({ fieldLocations: Type.Array(FieldLocation) });
export const FieldLocationResponse = Type.Object({ fieldLocation: FieldLocation });

export const GpsStatistics = Type.Object({
  stats: Type.Object({ overview: Type.Object({ totalFields: Type.Integer(), totalArea: Type.Number(), avgElevation: Type.Number() }) }),
});

export type GpsStatistics = Static<typeof GpsStatistics>;

export const AddLocationBody = Type.Object(
  {
    fieldId: Uuid,
    name: Type.String({ minLength: 1, maxLength: 120 }),
    coordinates: Coordinates,
    area: Type.Optional(Type.Object({ value: Type.Number({ minimum: 0 }), unit: Type.Optional(AreaUnit) }, { additionalProperties: false })),
    elevation: Type.Optional(Type.Object({ value: Type.Number({ minimum: -500, maximum: 9000 }) }, { additionalProperties: false })),
    soilType: Type.Optional(SoilType),
    status: Type.Optional(Status),
    irrigationType: Type.Optional(Type.String({ maxLength: 40 })),
    metadata: Type.Optional(Metadata),
  },
  { additionalProperties: false },
);

export type AddLocationBody = Static<typeof AddLocationBody>;

export const NearbyQuery = Type.Object(
  { longitude: Type.Number({ minimum: -180, maximum: 180 }), latitude: Type.Number({ minimum: -90, maximum: 90 }), radius: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: 500 })) },
  { additionalProperties: false },
);

export const WeatherStation = Type.Object({
  _id: Uuid,
  stationId: Type.String(),
  name: Type.String(),
  location: Type.Object({ type: Type.Literal('Point'), coordinates: Type.Array(Type.Number()) }),
  temperature: Type.Union([Type.Number(), Type.Null()]),
  humidity: Type.Union([Type.Number(), Type.Null()]),
  observedAt: Type.Union([Type.String(), Type.Null()]),
  distanceKm: Type.Number(),
});
export type WeatherStation = Static<typeof WeatherStation>;
export const WeatherStationsResponse = Type.Object({ weatherStations: Type.Array(WeatherStation) });

export const FieldIdParams = Type.Object({ fieldId: Uuid });
export const UpdateLocationBody = Type.Object(
  {
    coordinates: Coordinates,
    accuracy: Type.Optional(Type.Number({ minimum: 0, maximum: 100 })),
    surveyMethod: Type.Optional(Type.String({ maxLength: 40 })),
    /** The user confirmed a move farther than GPS_MAX_MOVE_KM (answered 409 LOCATION_JUMP without it). */
    confirmLargeMove: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);
export type UpdateLocationBody = Static<typeof UpdateLocationBody>;
