// auth.users rows and the user JSON of Supabase Auth that supabase-js reads (User in auth-js types.d.ts).
import type { Queryable } from '../db/db';
import { maybeOne } from '../db/db';

export interface IdentityJson {
  identity_id: string;
  id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  email: string | null;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
}

export interface UserRow {
  id: string;
  email: string;
  encrypted_password: string | null;
  email_confirmed_at: string | null;
  email_change: string | null;
  email_change_sent_at: string | null;
  confirmation_sent_at: string | null;
  recovery_sent_at: string | null;
  raw_user_meta_data: Record<string, unknown>;
  raw_app_meta_data: Record<string, unknown>;
  last_sign_in_at: string | null;
  created_at: string;
  updated_at: string;
  identities: IdentityJson[];
  factors: FactorJson[];
}

/** A second factor as GoTrue lists it in the user JSON (the secret never leaves the server after enrolment). */
export interface FactorJson {
  id: string;
  friendly_name?: string;
  factor_type: 'totp';
  status: 'verified' | 'unverified';
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

const SELECT_USER = `
  select u.id, u.email, u.encrypted_password, u.email_confirmed_at, u.email_change, u.email_change_sent_at,
         u.confirmation_sent_at, u.recovery_sent_at, u.raw_user_meta_data, u.raw_app_meta_data,
         u.last_sign_in_at, u.created_at, u.updated_at,
         coalesce((select json_agg(json_build_object(
                    'identity_id', i.id, 'id', i.provider_id, 'user_id', i.user_id,
                    'identity_data', i.identity_data, 'provider', i.provider, 'email', i.email,
                    'last_sign_in_at', i.last_sign_in_at, 'created_at', i.created_at,
                    'updated_at', i.updated_at) order by i.created_at)
                   from auth.identities i where i.user_id = u.id), '[]'::json) as identities,
         coalesce((select json_agg(json_build_object(
                    'id', f.id, 'friendly_name', f.friendly_name, 'factor_type', f.factor_type,
                    'status', f.status, 'created_at', f.created_at, 'updated_at', f.updated_at,
                    'last_challenged_at', f.last_challenged_at) order by f.created_at)
                   from auth.mfa_factors f where f.user_id = u.id), '[]'::json) as factors
    from auth.users u`;

export const findUserById = (q: Queryable, id: string) =>
  maybeOne<UserRow>(q, `${SELECT_USER} where u.id = $1`, [id]);

export const findUserByEmail = (q: Queryable, email: string) =>
  maybeOne<UserRow>(q, `${SELECT_USER} where lower(u.email) = lower($1)`, [email.trim()]);

/** Addresses are kept trimmed and in lower case, as Supabase Auth keeps them. */
export const normalizeEmail = (email: string) => email.trim().toLowerCase();

// Timestamps inside json_build_object come back as Postgres text; the rest of the API speaks ISO-8601.
const iso = (value: string | null) => (value ? new Date(value).toISOString() : null);

/** The user as Supabase Auth answers it. Optional fields that are not set are left out, as it does. */
export function toAuthUser(row: UserRow) {
  const optional = Object.entries({
    email_confirmed_at: row.email_confirmed_at,
    confirmed_at: row.email_confirmed_at,
    confirmation_sent_at: row.confirmation_sent_at,
    recovery_sent_at: row.recovery_sent_at,
    new_email: row.email_change,
    email_change_sent_at: row.email_change ? row.email_change_sent_at : null,
    last_sign_in_at: row.last_sign_in_at,
  }).filter(([, v]) => v !== null);
  return {
    id: row.id,
    aud: 'authenticated',
    role: 'authenticated',
    email: row.email,
    phone: '',
    ...Object.fromEntries(optional),
    app_metadata: row.raw_app_meta_data,
    user_metadata: row.raw_user_meta_data,
    identities: row.identities.map((i) => ({
      ...i,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
    })),
    // GoTrue leaves factors out when there are none, and an empty friendly name too.
    ...(row.factors.length > 0
      ? {
          factors: row.factors.map(({ friendly_name, ...f }) => ({
            ...f,
            ...(friendly_name ? { friendly_name } : {}),
            created_at: iso(f.created_at),
            updated_at: iso(f.updated_at),
            last_challenged_at: iso(f.last_challenged_at),
          })),
        }
      : {}),
    created_at: row.created_at,
    updated_at: row.updated_at,
    is_anonymous: false,
  };
}
export type AuthUserJson = ReturnType<typeof toAuthUser>;
