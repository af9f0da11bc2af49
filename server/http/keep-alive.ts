// How long an idle keep-alive connection stays open. Longer than a load balancer's idle timeout (commonly
// 60 s), so a client or proxy never sends a request on a socket the server is closing at that moment: with
// Node's default of 5 s, a client that paused longer than that met ECONNRESET now and then.
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;
