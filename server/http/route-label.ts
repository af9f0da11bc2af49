// The route a request is counted and logged under: the handler's pattern, or for /sf/ the endpoint's name.
// Bounded, so a scanner's random paths make no new metric series, and ids in paths are never logged.
import { endpoints } from '@shared/api/endpoints';

export function routeLabel(pattern: string, path: string): string {
  if (pattern === '/sf/:name') {
    const name = path.slice('/sf/'.length);
    return Object.hasOwn(endpoints, name) ? `/sf/${name}` : '/sf/:name';
  }
  return pattern;
}
