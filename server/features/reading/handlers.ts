import type { SfHandlers } from '../../http/sf-router';

export const readingHandlers: SfHandlers = {};
