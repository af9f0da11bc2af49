// Which accounts anyone else may see (issue 13 §8). Anyone can register someone else's e-mail address and
// choose the names shown, so an account is public only once the address is proved: by the confirmation
// link, or by an OAuth sign-in (Google signs in only verified addresses, and google-user.ts marks those
// accounts confirmed too; the identity check keeps that true for accounts linked some other way). The
// 'email' identity every password account has proves nothing.

/** SQL condition: the account whose id is the expression `userId` (qualified: p.id, s.user_id) may be shown. */
export const isPublicAccount = (userId: string) => `exists (
  select 1 from auth.users u
  where u.id = ${userId}
    and (u.email_confirmed_at is not null
         or exists (select 1 from auth.identities i where i.user_id = u.id and i.provider <> 'email')))`;
