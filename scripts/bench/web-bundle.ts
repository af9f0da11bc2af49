// The production bundle, built with Vite's manifest (through the Vite API, so vite.config.ts stays as it
// is) into a directory of its own, and what each route makes a first visit download: the entry chunk,
// the route's lazy chunk, every chunk either imports statically, and their CSS, gzip-compressed.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'vite';

interface ManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RouteBundle {
  paths: string[];
  module: string;
  jsGzip: number;
  jsRaw: number;
  cssGzip: number;
  files: number;
}

export async function buildWeb(outDir: string): Promise<void> {
  // Vite's build sets NODE_ENV=production for this process; the benchmark's own process does not care.
  await build({ logLevel: 'warn', build: { outDir, emptyOutDir: true, manifest: true } });
}

/** Route paths per route module, read from the route table (const X = lazy(...) and inline lazy imports). */
export async function routeModules(): Promise<Map<string, string[]>> {
  const source = await readFile('renderer/src/routes/route-table.ts', 'utf8');
  const consts = new Map<string, string>();
  for (const m of source.matchAll(/const (\w+) = lazy\(\(\) => import\('\.\/([\w-]+)'\)\)/g)) {
    consts.set(m[1] as string, m[2] as string);
  }
  const routes = new Map<string, string[]>();
  const add = (module: string, path: string) => routes.set(module, [...(routes.get(module) ?? []), path]);
  for (const m of source.matchAll(/\{ path: '([^']+)',[^}]*?(?:import\('\.\/([\w-]+)'\)|page: (\w+) \})/g)) {
    const module = m[2] ?? consts.get(m[3] as string);
    if (module) add(module, m[1] as string);
  }
  // The built-in shelf pages are mapped from a list of paths onto one constant.
  const shelfList = /\.\.\.\[([^\]]+)\]\.map\([^)]*\) => \(\{[^}]*page: (\w+)/s.exec(source);
  if (shelfList) {
    const module = consts.get(shelfList[2] as string);
    if (module) for (const p of shelfList[1]?.matchAll(/'([^']+)'/g) ?? []) add(module, p[1] as string);
  }
  return routes;
}

function closure(manifest: Manifest, keys: string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const i of manifest[key].imports ?? []) visit(i);
  };
  keys.forEach(visit);
  return seen;
}

export async function routeBundles(outDir: string): Promise<RouteBundle[]> {
  const manifest = JSON.parse(await readFile(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
  if (!entry) throw new Error('the Vite manifest has no entry');
  const sizes = new Map<string, { raw: number; gzip: number }>();
  const sizeOf = async (file: string) => {
    let size = sizes.get(file);
    if (!size) {
      const bytes = await readFile(join(outDir, file));
      size = { raw: bytes.length, gzip: gzipSync(bytes).length };
      sizes.set(file, size);
    }
    return size;
  };
  const out: RouteBundle[] = [];
  for (const [module, paths] of await routeModules()) {
    const key = `src/routes/${module}.tsx`;
    if (!manifest[key]) continue;
    const chunks = [...closure(manifest, [entry, key])].map((k) => manifest[k] as ManifestChunk);
    const js = [...new Set(chunks.map((c) => c.file))];
    const css = [...new Set(chunks.flatMap((c) => c.css ?? []))];
    let jsGzip = 0;
    let jsRaw = 0;
    let cssGzip = 0;
    for (const f of js) {
      const s = await sizeOf(f);
      jsGzip += s.gzip;
      jsRaw += s.raw;
    }
    for (const f of css) cssGzip += (await sizeOf(f)).gzip;
    out.push({ paths, module, jsGzip, jsRaw, cssGzip, files: js.length + css.length });
  }
  return out.sort((a, b) =>
    a.paths[0] === '/' ? -1 : b.paths[0] === '/' ? 1 : a.module.localeCompare(b.module),
  );
}
