// Writes packages/domain/src/payments/phone-metadata.json: libphonenumber-js's full metadata cut to the regions the
// product parses (PHONE_REGIONS in packages/domain/src/payments/phone.ts). Run after upgrading libphonenumber-js or
// adding a region; `phone.test.ts` fails until it is run.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
import { tsImport } from 'tsx/esm/api';

const require = createRequire(import.meta.url);
const { PHONE_REGIONS, phoneMetadataPick } = await tsImport('../packages/domain/src/payments/phone.ts', import.meta.url);
const full = require('libphonenumber-js/metadata.max.json');
const target = new URL('../packages/domain/src/payments/phone-metadata.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(phoneMetadataPick(full, PHONE_REGIONS))}\n`);
console.log(`wrote ${target.pathname}`);
