import type { SfHandlers } from '../../http/sf-router';

export const profilesHandlers: SfHandlers = {};
