import { Type } from 'typebox';

export const HealthSchema = Type.Object({
  status: Type.Union([Type.Literal('ok'), Type.Literal('error')]),
  database: Type.Union([Type.Literal('sqlite'), Type.Literal('postgres')]),
});
