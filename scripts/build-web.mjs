#!/usr/bin/env node
// Builds the web app (apps/web/build). With --if-changed it first compares a hash of everything the
// build reads (the app's sources and config, the shared contracts, the lockfile) with the hash
// stored by the last build, and skips the build when they match: `npm start` then starts at once.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve, sep } from 'node:path';

const ROOT = resolve(import.meta.dirname, '..');
const BUILD_DIR = join(ROOT, 'apps/web/build');
const STAMP = join(BUILD_DIR, '.inputs-sha256');
/** Folders and files the web build reads; the folders without what builds and installs write into them. */
const INPUT_DIRS = ['apps/web', 'packages/contracts'];
const INPUT_FILES = ['package.json', 'package-lock.json', 'tsconfig.base.json'];
const SKIPPED_DIRS = new Set(['node_modules', 'build', '.react-router', 'test']);

function filesUnder(dir) {
  const found = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) found.push(...filesUnder(path));
    } else if (entry.isFile()) {
      found.push(path);
    }
  }
  return found;
}

/** sha256 over each input's path and content, in a fixed order: the same sources give the same hash on any machine. */
function inputsHash() {
  const files = [
    ...INPUT_DIRS.flatMap((dir) => filesUnder(join(ROOT, dir))),
    ...INPUT_FILES.map((file) => join(ROOT, file)).filter((file) => existsSync(file)),
  ].map((file) => relative(ROOT, file).split(sep).join('/')).sort();
  const hash = createHash('sha256');
  for (const file of files) {
    hash.update(`${file}\0`);
    hash.update(readFileSync(join(ROOT, file)));
    hash.update('\0');
  }
  return hash.digest('hex');
}

function lastBuildHash() {
  // A build without its server entry or its client folder is no build, whatever its stamp says.
  if (!existsSync(join(BUILD_DIR, 'server/index.js')) || !existsSync(join(BUILD_DIR, 'client'))) return null;
  return existsSync(STAMP) ? readFileSync(STAMP, 'utf8').trim() : null;
}

const ifChanged = process.argv.includes('--if-changed');
const hash = inputsHash();
if (ifChanged && lastBuildHash() === hash) {
  console.log('web app: sources unchanged since the last build, not rebuilt (npm run build rebuilds it)');
  process.exit(0);
}

console.log(ifChanged && existsSync(STAMP) ? 'web app: sources changed, building' : 'web app: building');
rmSync(STAMP, { force: true });
const result = spawnSync('npm', ['run', 'build', '-w', 'apps/web'], { cwd: ROOT, stdio: 'inherit' });
if (result.status !== 0) process.exit(result.status ?? 1);
// The hash of the sources as they were when the build started: a file edited during the build makes the next start build again.
writeFileSync(STAMP, `${hash}\n`);
