import { MIGRATIONS_FOLDER, PGLITE_TEMPLATE_DIR } from '../server-paths.ts';
import { pgliteTemplateEnsure } from './pglite-template.ts';

/** `npm start`'s build step: makes the empty migrated PGlite database new data directories are copied from. */
const made = await pgliteTemplateEnsure(PGLITE_TEMPLATE_DIR, MIGRATIONS_FOLDER);
console.log(made ? `Made the empty database template in ${PGLITE_TEMPLATE_DIR}` : 'The empty database template is current.');
