// Who a Google sign-in is: the user already linked to that Google account, else the user with the same
// (verified) address, which gets the Google identity linked, else a new user.
import type { Queryable } from '../db/db';
import { AuthError } from './auth-error';
import type { GoogleProfile } from './google-oidc';
import { findUserByEmail } from './users';

const PROVIDER = 'google';

export const unverifiedGoogleEmail = () =>
  new AuthError(
    422,
    'provider_email_needs_verification',
    'Your Google account has no verified e-mail address, so it cannot be used to sign in.',
  );

function identityData(issuer: string, p: GoogleProfile & { email: string }) {
  return {
    iss: issuer,
    sub: p.sub,
    provider_id: p.sub,
    email: p.email,
    email_verified: p.emailVerified,
    phone_verified: false,
    ...(p.name ? { name: p.name, full_name: p.name } : {}),
    ...(p.givenName ? { given_name: p.givenName } : {}),
    ...(p.familyName ? { family_name: p.familyName } : {}),
    ...(p.picture ? { picture: p.picture, avatar_url: p.picture } : {}),
  };
}

/** Answers the user id for a Google sign-in, creating or linking as needed. Run inside a transaction. */
export async function findOrCreateGoogleUser(
  q: Queryable,
  issuer: string,
  profile: GoogleProfile,
): Promise<string> {
  if (!profile.email || !profile.emailVerified) throw unverifiedGoogleEmail();
  const data = identityData(issuer, { ...profile, email: profile.email });
  const json = JSON.stringify(data);

  const [linked] = await q.query<{ user_id: string }>(
    `update auth.identities set identity_data = $3::jsonb, email = $4, updated_at = now()
      where provider = $1 and provider_id = $2 returning user_id`,
    [PROVIDER, profile.sub, json, profile.email],
  );
  if (linked) return linked.user_id;

  const existing = await findUserByEmail(q, profile.email);
  let userId: string;
  if (existing) {
    userId = existing.id;
    // Google has proved control of the address. An account at that address that was never confirmed may
    // have been registered by someone else to sit in wait: its password goes, so only the owner gets in.
    await q.query(
      `update auth.users set
         encrypted_password = case when email_confirmed_at is null then null else encrypted_password end,
         email_confirmed_at = coalesce(email_confirmed_at, now()),
         raw_app_meta_data = jsonb_set(raw_app_meta_data, '{providers}',
           (select coalesce(jsonb_agg(distinct p), '[]'::jsonb) from jsonb_array_elements_text(
              coalesce(raw_app_meta_data -> 'providers', '[]'::jsonb) || '["google"]'::jsonb) p)),
         raw_user_meta_data = $2::jsonb || raw_user_meta_data,
         updated_at = now()
       where id = $1`,
      [userId, json],
    );
  } else {
    const [created] = await q.query<{ id: string }>(
      `insert into auth.users (email, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
       values ($1, now(), $2::jsonb, '{"provider": "google", "providers": ["google"]}'::jsonb) returning id`,
      [profile.email, json],
    );
    if (!created) throw new Error('user insert returned nothing');
    userId = created.id;
  }
  await q.query(
    `insert into auth.identities (user_id, provider, provider_id, identity_data, email)
     values ($1, $2, $3, $4::jsonb, $5)`,
    [userId, PROVIDER, profile.sub, json, profile.email],
  );
  return userId;
}
