import { describe, expect, it } from 'vitest';
import { isVisible } from './social-visibility';
import type { VisibilityFacts } from './social-visibility';

const stranger: VisibilityFacts = {
  self: false,
  confirmed: true,
  viewerBlocked: false,
  blockedViewer: false,
  muted: false,
  approvesFollowers: false,
  follows: false,
  eventPublic: true,
};

describe('social visibility', () => {
  it('shows a confirmed reader who lets anyone follow, and their public lines, to anyone', () => {
    expect(isVisible('card', stranger)).toBe(true);
    expect(isVisible('details', stranger)).toBe(true);
    expect(isVisible('activity', stranger)).toBe(true);
  });

  it('never shows a private line to anyone else, follower or not', () => {
    expect(isVisible('activity', { ...stranger, eventPublic: false })).toBe(false);
    expect(isVisible('activity', { ...stranger, eventPublic: false, follows: true })).toBe(false);
  });

  it('shows nothing of an unconfirmed account', () => {
    const unconfirmed = { ...stranger, confirmed: false, follows: true };
    expect(isVisible('card', unconfirmed)).toBe(false);
    expect(isVisible('details', unconfirmed)).toBe(false);
    expect(isVisible('activity', unconfirmed)).toBe(false);
  });

  it('hides both readers from each other when either blocked the other', () => {
    for (const block of [{ viewerBlocked: true }, { blockedViewer: true }]) {
      const facts = { ...stranger, ...block, follows: true };
      expect(isVisible('card', facts)).toBe(false);
      expect(isVisible('details', facts)).toBe(false);
      expect(isVisible('activity', facts)).toBe(false);
    }
  });

  it('keeps the details of a reader who approves followers for their followers', () => {
    const approving = { ...stranger, approvesFollowers: true };
    expect(isVisible('card', approving)).toBe(true);
    expect(isVisible('details', approving)).toBe(false);
    expect(isVisible('activity', approving)).toBe(false);
    expect(isVisible('details', { ...approving, follows: true })).toBe(true);
    expect(isVisible('activity', { ...approving, follows: true })).toBe(true);
  });

  it('takes a muted reader out of the feed only', () => {
    const muted = { ...stranger, muted: true, follows: true };
    expect(isVisible('activity', muted)).toBe(false);
    expect(isVisible('details', muted)).toBe(true);
  });

  it('tells a reader of what others did, unless blocked either way, muted or unconfirmed', () => {
    expect(isVisible('notification', { ...stranger, approvesFollowers: true })).toBe(true);
    expect(isVisible('notification', { ...stranger, viewerBlocked: true })).toBe(false);
    expect(isVisible('notification', { ...stranger, blockedViewer: true })).toBe(false);
    expect(isVisible('notification', { ...stranger, muted: true })).toBe(false);
    expect(isVisible('notification', { ...stranger, confirmed: false })).toBe(false);
  });

  it('lets a reader see all of their own', () => {
    const own = { ...stranger, self: true, approvesFollowers: true, eventPublic: false };
    expect(isVisible('activity', own)).toBe(true);
  });
});
