// Jest's global teardown of the `api` project: the run's template databases removed.
import { dropTemplates } from './template-db';

export default dropTemplates;
