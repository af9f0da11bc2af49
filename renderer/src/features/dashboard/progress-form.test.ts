import { describe, expect, it } from 'vitest';
import type { ProgressFormValues } from './progress-form';
import {
  buildProgressRequest,
  initialProgressForm,
  pauseRequest,
  progressChoices,
  progressEventType,
  resumeRequest,
} from './progress-form';
import { readingItem } from './testing/dashboard-data';

const form = (item: ReturnType<typeof readingItem>, patch: Partial<ProgressFormValues> = {}) => ({
  ...initialProgressForm(item),
  ...patch,
});

describe('initialProgressForm', () => {
  it('starts a just-started book on page 1 in page mode', () => {
    const item = readingItem({ event_type: 'start', current_page: 1, current_percent: 0, percent: 0 });
    expect(initialProgressForm(item)).toMatchObject({ mode: 'page', startPage: 1, endPage: '' });
  });

  it('continues from the page reached', () => {
    expect(initialProgressForm(readingItem({ current_page: 120 }))).toMatchObject({
      mode: 'page',
      startPage: 120,
    });
  });

  it('uses percent mode only when only a percentage is known', () => {
    const item = readingItem({ current_page: null, current_percent: 42.5, percent: 43 });
    expect(initialProgressForm(item)).toMatchObject({ mode: 'percent', startPercent: 42.5, endPercent: '' });
  });

  it('is public, unfinished and without a note by default', () => {
    expect(initialProgressForm(readingItem())).toMatchObject({
      note: '',
      finished: false,
      dnf: false,
      private: false,
    });
  });
});

describe('which event the dialog logs', () => {
  it('offers finish, DNF and a location while reading, only resume when paused', () => {
    for (const state of ['start', 'progress', 'resume'] as const) {
      expect(progressChoices(state)).toEqual({ location: true, finish: true, dnf: true, resume: false });
    }
    expect(progressChoices('pause')).toEqual({ location: false, finish: false, dnf: false, resume: true });
  });

  it('lets DNF win over finish, else logs progress', () => {
    expect(progressEventType('progress', { finished: true, dnf: true })).toBe('dnf');
    expect(progressEventType('progress', { finished: true, dnf: false })).toBe('finish');
    expect(progressEventType('start', { finished: false, dnf: false })).toBe('progress');
    expect(progressEventType('pause', { finished: true, dnf: true })).toBe('resume');
    expect(progressEventType('finish', { finished: false, dnf: false })).toBeNull();
  });
});

describe('buildProgressRequest', () => {
  const item = readingItem({ pages: 300, current_page: 50 });

  it('sends the page range of the chosen mode, public, with the note as HTML', () => {
    expect(buildProgressRequest(item, form(item, { endPage: 80, note: 'Great <3' }))).toEqual({
      ok: true,
      request: {
        work_id: item.work.id,
        edition_id: item.edition.id,
        event_type: 'progress',
        start_page: 50,
        end_page: 80,
        start_percent: null,
        end_percent: null,
        journal_md: '<p>Great &lt;3</p>',
        is_public: true,
      },
    });
  });

  it('marks a private update as not public', () => {
    const built = buildProgressRequest(item, form(item, { endPage: 80, private: true }));
    expect(built.ok && built.request.is_public).toBe(false);
  });

  it.each([
    [{ startPage: 0, endPage: 5 }, 'Start page must be between 1 and 300'],
    [{ startPage: 301 }, 'Start page must be between 1 and 300'],
    [{ startPage: '', endPage: 0 }, 'End page must be at least 1'],
    [{ startPage: 40, endPage: 39 }, 'End page must be greater than or equal to start page'],
    [{ mode: 'percent', startPercent: 101 }, 'Start percentage must be between 0 and 100'],
    [{ mode: 'percent', startPercent: 10, endPercent: 100.5 }, 'End percentage must be between 0 and 100'],
    [
      { mode: 'percent', startPercent: 50, endPercent: 49 },
      'End percentage must be greater than or equal to start percentage',
    ],
  ] as [Partial<ProgressFormValues>, string][])('refuses %o with %s', (patch, message) => {
    expect(buildProgressRequest(item, form(item, patch))).toEqual({ ok: false, message });
  });

  it('leaves the start page unbounded (up to what can be stored) when the page count is unknown', () => {
    const unknown = readingItem({ pages: null, current_page: 900 });
    expect(buildProgressRequest(unknown, form(unknown, { endPage: 950 })).ok).toBe(true);
  });

  it('ignores the fields of the other mode', () => {
    const built = buildProgressRequest(
      item,
      form(item, { mode: 'percent', startPercent: 10, endPercent: 20, endPage: 0 }),
    );
    expect(built).toMatchObject({
      ok: true,
      request: { start_page: null, end_page: null, start_percent: 10, end_percent: 20 },
    });
  });

  it('finishes at the page count, or at 100%, when the end is empty', () => {
    expect(buildProgressRequest(item, form(item, { finished: true }))).toMatchObject({
      ok: true,
      request: { event_type: 'finish', start_page: 50, end_page: 300 },
    });
    const unknown = readingItem({ pages: null, current_page: 70 });
    expect(buildProgressRequest(unknown, form(unknown, { finished: true }))).toMatchObject({
      ok: true,
      request: { event_type: 'finish', start_page: 70, end_page: 70 },
    });
    const percent = readingItem({ current_page: null, current_percent: 80 });
    expect(buildProgressRequest(percent, form(percent, { finished: true }))).toMatchObject({
      ok: true,
      request: { event_type: 'finish', start_percent: 80, end_percent: 100 },
    });
  });

  it('lets a DNF skip the range checks and send whatever parses', () => {
    expect(
      buildProgressRequest(item, form(item, { dnf: true, finished: true, startPage: 250, endPage: 10 })),
    ).toMatchObject({
      ok: true,
      request: { event_type: 'dnf', start_page: 250, end_page: 10 },
    });
    expect(buildProgressRequest(item, form(item, { dnf: true, startPage: '', endPage: 'x' }))).toMatchObject({
      ok: true,
      request: { event_type: 'dnf', start_page: null, end_page: null },
    });
  });

  it('resumes a paused book without a location', () => {
    const paused = readingItem({ event_type: 'pause', current_page: 120 });
    expect(buildProgressRequest(paused, form(paused, { endPage: 130 }))).toMatchObject({
      ok: true,
      request: { event_type: 'resume', start_page: null, end_page: null },
    });
  });
});

describe('pause and resume from the card', () => {
  it('carries the page or percentage reached on pause', () => {
    const byPage = readingItem({ current_page: 120, current_percent: null });
    expect(pauseRequest(byPage)).toEqual({
      work_id: byPage.work.id,
      edition_id: byPage.edition.id,
      event_type: 'pause',
      end_page: 120,
    });
    const byPercent = readingItem({ current_page: null, current_percent: 33.3 });
    expect(pauseRequest(byPercent)).toMatchObject({ event_type: 'pause', end_percent: 33.3 });
    expect(pauseRequest(byPercent)).not.toHaveProperty('end_page');
  });

  it('carries nothing right after a start, when page 1 and 0% are only defaults', () => {
    const started = readingItem({ event_type: 'start', current_page: 1, current_percent: 0 });
    expect(pauseRequest(started)).toEqual({
      work_id: started.work.id,
      edition_id: started.edition.id,
      event_type: 'pause',
    });
  });

  it('resumes without a location', () => {
    const paused = readingItem({ event_type: 'pause' });
    expect(resumeRequest(paused)).toEqual({
      work_id: paused.work.id,
      edition_id: paused.edition.id,
      event_type: 'resume',
    });
  });
});
