// The stored files an instance served last, held in memory (issue 30), so a file kept in the database is
// served about as fast as one on local disk. Content-addressed files (covers) never change under their name
// and are served from memory as they are. Any other file (an avatar, replaced in place) is served from memory
// only while the database's announcements of changed files are heard (migration 0196), and after every change
// committed before the request arrived has been heard (the fence, as the public read cache does); otherwise
// the store asks the database for the file's digest first.
import { LRUCache } from 'lru-cache';
import { startInvalidationListener } from '../cache/invalidation-listener';
import type { InvalidationListener, InvalidationTarget } from '../cache/invalidation-listener';
import type { Db } from '../db/db';

export const STORED_FILES_CHANNEL = 'sf_stored_files';

/** Memory for the files served last when not configured (avatars are tens of KB, cover files a few to tens). */
export const DEFAULT_HELD_BYTES = 64 * 1024 * 1024;

export interface HeldFile {
  digest: string;
  bytes: Buffer;
  immutable: boolean;
}

export interface HeldFiles {
  /**
   * The file held for `path`, and whether it may be served without asking the database: always for an
   * immutable file; for another, only while announcements are heard, once every change committed before the
   * call has been heard.
   */
  lookup(path: string, immutable: boolean): Promise<{ file: HeldFile; current: boolean } | undefined>;
  /** Taken before reading a file from the database: keep() refuses a file that changed after it. */
  ticket(): number;
  keep(ticket: number, path: string, file: HeldFile): void;
  drop(path: string): void;
  close(): Promise<void>;
}

function heldFiles(maxBytes = DEFAULT_HELD_BYTES) {
  const files = new LRUCache<string, HeldFile>({
    maxSize: maxBytes,
    sizeCalculation: (file) => Math.max(1, file.bytes.byteLength),
  });
  // Bumped by every announcement: a file read from the database while one arrived may be the old one.
  let generation = 0;
  let announced = false;
  // The listener turns a truncate's '*' into clear(): content-addressed files stay, as after a delete.
  const memory: InvalidationTarget = {
    invalidate(path) {
      generation++;
      files.delete(path);
    },
    clear() {
      generation++;
      for (const [path, file] of files.entries()) if (!file.immutable) files.delete(path);
    },
    setListening(on) {
      announced = on;
    },
  };
  return {
    memory,
    build(listener: InvalidationListener | null): HeldFiles {
      return {
        async lookup(path, immutable) {
          if (!immutable && announced) await listener?.fence();
          const file = files.get(path);
          if (!file) return undefined;
          return { file, current: immutable || announced };
        },
        ticket: () => generation,
        keep(ticket, path, file) {
          // A content-addressed file is the same whenever it was read; without announcements the digest is
          // compared on every read. Otherwise an announcement since the ticket may be of this very file.
          if (!file.immutable && announced && ticket !== generation) return;
          files.set(path, file);
        },
        drop(path) {
          files.delete(path);
        },
        close: async () => listener?.close(),
      };
    },
  };
}

/** A memory without announcements (tests play instances with it): every replaceable file is checked by digest. */
export function newHeldFiles(): HeldFiles {
  return heldFiles().build(null);
}

/** The process's memory of served files (STORED_FILES_CACHE_MB), kept current by the database's announcements. */
export async function startHeldFiles(db: Db, maxBytes = DEFAULT_HELD_BYTES): Promise<HeldFiles> {
  const held = heldFiles(maxBytes);
  const listener = await startInvalidationListener(db, held.memory, {
    channel: STORED_FILES_CHANNEL,
    name: 'stored files in memory',
  });
  return held.build(listener);
}
