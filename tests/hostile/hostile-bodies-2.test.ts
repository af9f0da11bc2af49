// Generated hostile bodies, shard 2 of 2: see hostile-bodies.ts.
import { hostileBodiesSuite } from './hostile-bodies';

hostileBodiesSuite(1, 2);
