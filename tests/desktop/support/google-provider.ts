// The Google stand-in of support/sim-server.ts, as the tests see it from their own process.
import type { OidcAccount, TestOidcProvider } from '../../support/oidc-provider';

export interface GoogleStandIn {
  /** What browseSignIn needs of the provider: its address, to tell its pages from ours. */
  provider: TestOidcProvider;
  /** A Google account that can sign in; answers its `sub`. */
  addAccount(account: OidcAccount): Promise<string>;
}

let accounts = 0;

export async function googleStandIn(controlUrl: string): Promise<GoogleStandIn> {
  const response = await fetch(`${controlUrl}/provider`);
  if (!response.ok) throw new Error(`the Google stand-in answered ${response.status}`);
  const { issuer } = (await response.json()) as { issuer: string };
  // browseSignIn reads only the issuer; accounts go through the control port instead of addAccount.
  const provider = { issuer } as TestOidcProvider;
  return {
    provider,
    async addAccount(account) {
      accounts += 1;
      const sub = `google-${process.pid}-${accounts}-${Date.now()}`;
      const added = await fetch(`${controlUrl}/accounts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ sub, account }),
      });
      if (!added.ok) throw new Error(`could not add a Google account: ${added.status}`);
      return sub;
    },
  };
}
