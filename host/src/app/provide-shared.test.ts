import { readFileSync } from 'node:fs';
import path from 'node:path';
import { providedAntdComponents } from './provide-shared';

it('the host provides exactly the shared antd components of shared/antd-components.json', () => {
  const listed = JSON.parse(readFileSync(path.join(__dirname, '../../../shared/antd-components.json'), 'utf8')).components;
  expect(Object.keys(providedAntdComponents).sort()).toEqual([...listed].sort());
});
