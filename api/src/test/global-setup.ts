// Jest's global setup of the `api` project: the run's template databases (test/template-db.ts).
import { buildTemplates } from './template-db';

export default buildTemplates;
