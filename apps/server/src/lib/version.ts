import fs from 'node:fs';
import path from 'node:path';

let cached: string | undefined;

/** The version of the running server, from the root package.json. */
export function readPackageVersion(): string {
  if (cached) return cached;
  const file = path.resolve(import.meta.dirname, '../../../../package.json');
  try {
    cached = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    cached = '0.0.0';
  }
  return cached;
}
