// What the app is built from. Tests build the same app with their own database and fixture services.
import type { Keys } from './auth/keys';
import type { Config } from './config';
import type { Db } from './db/db';
import type { CatalogueImporter } from './features/catalogue/importer';

export interface AppDeps {
  config: Config;
  db: Db;
  keys: Keys;
  catalogue: CatalogueImporter;
}
