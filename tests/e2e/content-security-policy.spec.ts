// The web app under its Content-Security-Policy and Permissions-Policy in Chromium (issue 13 §9): every route
// of SPEC.md §2, signed out, signed in and as an admin, with the data that makes each screen load what it
// really loads (covers, an uploaded avatar, the journal's Editor.js, charts), and not one violation. Each
// document must carry the policy, and a check first proves that a violation would be seen.
import { expect, test } from '@playwright/test';
import type { Page, TestInfo } from '@playwright/test';
import { createConfirmedReader, logIn, newReader } from './support/accounts';
import { adminReader } from './support/admins';
import { findWork, signInApi } from './support/api';

// Everything the app does runs under the policy, its service worker too (blocked elsewhere: playwright.config.ts).
test.use({ serviceWorkers: 'allow' });

interface Watch {
  violations: string[];
  documents: { url: string; csp: string | null; permissions: string | null }[];
}

/** Collects CSP violations (the DOM event and Chromium's console reports) and each document's headers. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { violations: [], documents: [] };
  await page.exposeFunction('__reportCspViolation', (report: string) => seen.violations.push(report));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      const report = `${event.violatedDirective} blocked ${event.blockedURI || 'inline'} at ${event.documentURI}`;
      (window as unknown as { __reportCspViolation(r: string): void }).__reportCspViolation(report);
    });
  });
  page.on('console', (message) => {
    if (/content.security.policy|permissions.policy/i.test(message.text()))
      seen.violations.push(message.text());
  });
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'document') return;
    const headers = response.headers();
    seen.documents.push({
      url: response.url(),
      csp: headers['content-security-policy'] ?? null,
      permissions: headers['permissions-policy'] ?? null,
    });
  });
  return seen;
}

/** Visits a route, waits for its content and for its images and requests to settle. */
async function visit(page: Page, path: string, text: string | RegExp): Promise<void> {
  await page.goto(path);
  await expect(page.getByText(text).filter({ visible: true }).first()).toBeVisible();
  await page.waitForLoadState('networkidle');
}

function expectClean(seen: Watch): void {
  expect(seen.violations).toEqual([]);
  expect(seen.documents.length).toBeGreaterThan(0);
  for (const doc of seen.documents) {
    // WebAssembly for the barcode scanner (issue 29); no JavaScript eval, no inline script.
    expect(doc.csp, doc.url).toMatch(/(^|; )script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(doc.csp, doc.url).toContain("frame-ancestors 'none'");
    // The camera for our own page's barcode scanner only, never a frame's.
    expect(doc.permissions, doc.url).toContain('camera=(self)');
  }
}

/** A reader with a custom shelf, a finished and a current book (so covers show), and reading logs. */
async function readerWithBooks(request: Parameters<typeof createConfirmedReader>[0], info: TestInfo) {
  const reader = newReader(info, 'Cleo');
  await createConfirmedReader(request, reader);
  const api = await signInApi(request, reader);
  const middlemarch = await findWork(request, 'Middlemarch');
  const frankenstein = await findWork(request, 'Frankenstein Mary Shelley');
  const { id: shelfId } = await api.sf('create-shelf', { name: `Policies ${reader.username.slice(-6)}` });
  await api.sf('add-to-shelf', {
    shelf_id: shelfId,
    edition_id: frankenstein.primaryEditionId!,
    work_id: frankenstein.workId,
  });
  const reading = { work_id: middlemarch.workId, edition_id: middlemarch.primaryEditionId! };
  await api.sf('log-progress-event', { ...reading, event_type: 'start', start_page: 1 });
  await api.sf('log-progress-event', { ...reading, event_type: 'progress', start_page: 1, end_page: 40 });
  return { reader, shelfId, middlemarch, frankenstein };
}

test('a violation is seen: an inline script and an image from elsewhere are refused and reported', async ({
  page,
}) => {
  const seen = await watch(page);
  await visit(page, '/terms', 'Terms of Service');
  const inlineRan = await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true';
    document.head.append(script);
    const image = document.createElement('img');
    image.src = 'https://tracker.example.test/pixel.png';
    document.body.append(image);
    return (window as unknown as { __inlineRan?: boolean }).__inlineRan ?? false;
  });
  expect(inlineRan).toBe(false);
  await expect.poll(() => seen.violations.join('\n')).toMatch(/script-src/);
  await expect
    .poll(() => seen.violations.join('\n'))
    .toMatch(/img-src blocked https:\/\/tracker\.example\.test/);
});

test('signed out: every route runs without a policy violation', async ({ page, request, baseURL }) => {
  const { reader, shelfId, middlemarch } = await readerWithBooks(request, test.info());
  const seen = await watch(page);
  const verify = encodeURIComponent(
    `${baseURL}/auth/v1/verify?token=example&type=signup&redirect_to=${encodeURIComponent(baseURL!)}`,
  );
  const routes: [string, string | RegExp][] = [
    ['/', 'Manage your reading journey with precision'],
    ['/signup', 'Create account'],
    ['/login', 'Forgot password?'],
    ['/reset-password', 'Set new password'],
    ['/confirm-signup', 'Missing confirmation URL.'],
    [`/confirm-signup?confirmation_url=${verify}`, 'Confirm Email'],
    [`/confirm-reset?confirmation_url=${verify}`, 'Reset Password'],
    [`/change-email?confirmation_url=${verify}`, 'Confirm Email'],
    ['/terms', 'Terms of Service'],
    ['/privacy', 'Privacy Policy'],
    ['/404', 'Sorry, the page you are looking for does not exist.'],
    ['/no/such/page', 'Sorry, the page you are looking for does not exist.'],
    ['/hometemplate', 'Reading Dashboard'],
    ['/worktemplate', 'The Lantern Road'],
    [`/work/${middlemarch.workId}`, 'About this book'],
    ['/search/frankenstein', 'Search Results for: frankenstein'],
    ['/author/00000000-0000-4000-8000-000000000000', 'Author not found.'],
    [`/user/${reader.username}`, `@${reader.username}`],
    [`/shelf/${shelfId}`, 'Frankenstein'],
    ['/recommended', 'Get recommendations of your own'],
    // Signed-in routes send a visitor elsewhere; the redirect runs under the policy too.
    ['/settings', 'Forgot password?'],
    ['/my-books', 'Manage your reading journey with precision'],
    ['/admin/reset-genre', 'Manage your reading journey with precision'],
  ];
  for (const [path, text] of routes) await visit(page, path, text);
  // The author page with works and covers, reached from the work page's author link.
  await page.goto(`/work/${middlemarch.workId}`);
  await page.getByRole('link', { name: 'George Eliot' }).first().click();
  await expect(page.getByRole('heading', { name: 'George Eliot', level: 1 })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expectClean(seen);
});

// Two tests, not one: every route and the two media-heavy screens each take a minute on a busy machine.
test('signed in: an uploaded avatar and the journal editor run without a violation', async ({
  page,
  request,
}) => {
  const { reader } = await readerWithBooks(request, test.info());
  const seen = await watch(page);
  await logIn(page, reader.email, reader.password);
  await page.waitForLoadState('networkidle');

  // Settings: a chosen picture shows as a blob: preview, then is uploaded and shown from our storage.
  await visit(page, '/settings', 'Profile Picture');
  const picture = page.getByRole('region', { name: 'Profile Picture' });
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await picture
    .locator('input[type="file"]')
    .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(picture.getByRole('img')).toHaveAttribute('src', /^blob:/);
  await expect
    .poll(() => picture.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1);
  await picture.getByRole('button', { name: 'Upload' }).click();
  await expect(picture.getByText('Preview of me.png')).toBeHidden();
  await expect(picture.getByRole('img')).toHaveAttribute('src', /\/storage\/v1\/object\/public\/avatars\//);
  await expect
    .poll(() => picture.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth))
    .toBe(1);

  // Reading Logs with the real Editor.js, which injects its own styles and tool icons.
  await visit(page, '/logs', 'Pages 1-40');
  if (test.info().project.name === 'mobile') {
    await page
      .getByRole('button', { name: /^Middlemarch/ })
      .first()
      .click();
  }
  await expect(
    page.getByRole('group', { name: 'Journal' }).locator('[contenteditable="true"]').first(),
  ).toBeVisible();
  await page.waitForLoadState('networkidle');
  expectClean(seen);
});

test('signed in: every route runs without a violation', async ({ page, request }) => {
  const { reader, shelfId, middlemarch } = await readerWithBooks(request, test.info());
  const seen = await watch(page);
  await logIn(page, reader.email, reader.password);
  await page.waitForLoadState('networkidle');
  const routes: [string, string | RegExp][] = [
    ['/', 'Reading Dashboard'],
    ['/my-books', /^(My Books|My Shelves)$/],
    ['/stats', 'Your Reading Stats'],
    ['/recommended', 'Recommended'],
    ['/trending', 'Trending'],
    ['/new-releases', 'New Releases'],
    ['/currently-reading', 'Middlemarch'],
    ['/read', 'Read'],
    ['/to-be-read', 'To Be Read'],
    ['/favorites', 'Favorites'],
    ['/owned', 'Owned'],
    [`/shelf/${shelfId}`, 'Frankenstein'],
    [`/work/${middlemarch.workId}`, 'About this book'],
    [`/work/${middlemarch.workId}?edition=${middlemarch.primaryEditionId}`, 'This Edition'],
    ['/search/middlemarch', 'Search Results for: middlemarch'],
    [`/user/${reader.username}`, `@${reader.username}`],
    ['/hometemplate', 'Reading Dashboard'],
    ['/worktemplate', 'The Lantern Road'],
    ['/404', 'Sorry, the page you are looking for does not exist.'],
    // Signed-out-only and admin routes send a reader elsewhere.
    ['/login', 'Profile Picture'],
    ['/admin/reset-genre', 'Reading Dashboard'],
  ];
  for (const [path, text] of routes) await visit(page, path, text);
  await page.waitForLoadState('networkidle');
  expectClean(seen);
});

test('as an admin: the admin tools run without a violation', async ({ page, request }) => {
  const admin = await adminReader(request, test.info(), 'misc');
  const seen = await watch(page);
  await logIn(page, admin.email, admin.password);
  await visit(page, '/admin/reset-genre', 'Reset Genre');
  const work = await findWork(request, 'Middlemarch');
  await visit(page, `/work/${work.workId}`, 'About this book');
  expectClean(seen);
});
