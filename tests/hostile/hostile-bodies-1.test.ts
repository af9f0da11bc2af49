// Generated hostile bodies, shard 1 of 2: see hostile-bodies.ts.
import { hostileBodiesSuite } from './hostile-bodies';

hostileBodiesSuite(0, 2);
