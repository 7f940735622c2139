'use strict';
// A remote's src/menu.json and its manifest's metaData.portal, checked against the installed
// contract's JSON Schemas (@portal/shared/schemas/), the same ones the release gate reads, so a
// wrong field is named at build time with its file, entry and field, not refused at deploy.
const { existsSync, readFileSync } = require('node:fs');
const path = require('node:path');
const Ajv = require('ajv');
const { contractPackage } = require('./installed.cjs');

const validators = new Map();

/** The two validators of the contract installed for `from` (one compile per contract folder). */
function schemaValidators(from) {
  const { dir } = contractPackage(from);
  if (!validators.has(dir)) {
    const load = (file) => JSON.parse(readFileSync(path.join(dir, 'schemas', file), 'utf8'));
    const ajv = new Ajv({ allErrors: true, strict: false });
    const menu = load('menu.schema.json');
    const portal = load('portal-metadata.schema.json');
    ajv.addSchema(menu);
    ajv.addSchema(portal);
    validators.set(dir, { menu: ajv.getSchema(menu.$id), portal: ajv.getSchema(portal.$id) });
  }
  return validators.get(dir);
}

/** `/menu/2/label` → `menu[2].label` */
const fieldPath = (pointer) => pointer.split('/').slice(1).map((p) => (/^\d+$/.test(p) ? `[${p}]` : `.${p}`)).join('').replace(/^\./, '');

/** One line per error: the entry by its index and key, then the field and what is wrong with it. */
function describe(errors, data) {
  const lines = errors.map((e) => {
    const parts = e.instancePath.split('/').slice(1);
    let where = '';
    let rest = parts;
    if ((parts[0] === 'menu' || parts[0] === 'widgets') && /^\d+$/.test(parts[1] ?? '')) {
      const key = data?.[parts[0]]?.[Number(parts[1])]?.key;
      where = `${parts[0]}[${parts[1]}]${typeof key === 'string' ? ` ("${key}")` : ''}`;
      rest = parts.slice(2);
    }
    const field = fieldPath(rest.length ? `/${rest.join('/')}` : '');
    const value = rest.reduce((v, p) => (v == null ? v : v[p]), where ? data[parts[0]][Number(parts[1])] : data);
    let what;
    switch (e.keyword) {
      case 'required': what = `${field ? `"${field}" ` : ''}needs "${e.params.missingProperty}"`; break;
      case 'additionalProperties': what = `${field ? `"${field}" has ` : ''}unknown field "${e.params.additionalProperty}"`; break;
      case 'enum': what = `"${field}" is ${JSON.stringify(value)}, must be one of ${e.params.allowedValues.join(', ')}`; break;
      case 'pattern': what = `"${field}" is ${JSON.stringify(value)}, must match ${e.params.pattern}`; break;
      default: what = `${field ? `"${field}" ` : ''}${e.message}${value !== undefined && typeof value !== 'object' ? ` (is ${JSON.stringify(value)})` : ''}`;
    }
    return where ? `${where}: ${what}` : what;
  });
  return [...new Set(lines)];
}

class ContractError extends Error {
  constructor(file, problems) {
    super(`${file}:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ContractError';
    this.file = file;
    this.problems = problems;
  }
}

/** A remote's menu.json, read and checked against menu.schema.json; throws a ContractError naming each wrong field. */
function readMenuFile(file, from = path.dirname(file)) {
  if (!existsSync(file)) throw new ContractError(file, ['missing: a remote publishes its menu from src/menu.json']);
  let data;
  try {
    data = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ContractError(file, [`not JSON: ${error.message}`]);
  }
  const validate = schemaValidators(from).menu;
  if (!validate(data)) throw new ContractError(file, describe(validate.errors, data));
  return data;
}

/** The metaData.portal a build writes, checked against portal-metadata.schema.json as the release gate will. */
function checkPortalMetaData(portal, from) {
  const validate = schemaValidators(from).portal;
  if (!validate(portal)) throw new ContractError('mf-manifest.json metaData.portal', describe(validate.errors, portal));
}

module.exports = { readMenuFile, checkPortalMetaData, ContractError };
