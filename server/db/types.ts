// Type parsing shared by both drivers: counts and numerics as numbers, dates as 'YYYY-MM-DD' strings (never a
// JS Date shifted by the server's time zone), timestamps as ISO-8601 strings.
export const OID = { INT8: 20, NUMERIC: 1700, DATE: 1082, TIMESTAMP: 1114, TIMESTAMPTZ: 1184 } as const;

const toIso = (value: string) =>
  new Date(value.includes('T') ? value : value.replace(' ', 'T')).toISOString();

/** A timestamptz as PostgreSQL writes it, in text ('…+00') or in JSON ('…+00:00'), as ISO-8601 in UTC. */
export const isoTimestamp = (value: string) => toIso(value.replace(/([+-]\d\d)$/, '$1:00'));

export const parsers: Record<number, (value: string) => unknown> = {
  [OID.INT8]: (v) => Number(v),
  [OID.NUMERIC]: (v) => Number(v),
  [OID.DATE]: (v) => v,
  [OID.TIMESTAMP]: (v) => toIso(`${v}Z`),
  [OID.TIMESTAMPTZ]: isoTimestamp,
};
