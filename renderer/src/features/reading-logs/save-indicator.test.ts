import { describe, expect, it } from 'vitest';
import type { AutosaveState } from './save-indicator';
// The words shown and the 2 s wait are proved on screen, in log-detail.test.tsx.
import { autosaveReducer, decideSave, initialAutosave } from './save-indicator';

const open = { blocked: false, signedIn: true };

describe('save indicator', () => {
  it('counts the first value seen as saved and starts idle', () => {
    const state = initialAutosave('first');
    expect(state).toEqual({ indicator: 'idle', savedKey: 'first' });
    expect(decideSave(state, 'first', open)).toBe('unchanged');
  });

  it('shows saving while editing, then saved after a successful autosave', () => {
    let state: AutosaveState = initialAutosave('a');
    state = autosaveReducer(state, { type: 'edited' });
    expect(state.indicator).toBe('saving');
    expect(decideSave(state, 'b', open)).toBe('save');
    state = autosaveReducer(state, { type: 'save-succeeded', key: 'b', editsWaiting: false });
    expect(state).toEqual({ indicator: 'saved', savedKey: 'b' });
    expect(decideSave(state, 'b', open)).toBe('unchanged');
  });

  it('goes back to idle after a failed autosave and keeps the old saved value', () => {
    let state = autosaveReducer(initialAutosave('a'), { type: 'edited' });
    state = autosaveReducer(state, { type: 'save-failed', editsWaiting: false });
    expect(state).toEqual({ indicator: 'idle', savedKey: 'a' });
    expect(decideSave(state, 'b', open)).toBe('save');
  });

  it('skips saving while blocked or without a session', () => {
    const state = autosaveReducer(initialAutosave('a'), { type: 'edited' });
    expect(decideSave(state, 'b', { blocked: true, signedIn: true })).toBe('skip');
    expect(decideSave(state, 'b', { blocked: false, signedIn: false })).toBe('skip');
    expect(autosaveReducer(state, { type: 'save-skipped', editsWaiting: false }).indicator).toBe('idle');
  });

  it('keeps showing saving when newer edits wait for their own autosave', () => {
    const state = autosaveReducer(initialAutosave('a'), { type: 'edited' });
    expect(autosaveReducer(state, { type: 'save-succeeded', key: 'b', editsWaiting: true })).toEqual({
      indicator: 'saving',
      savedKey: 'b',
    });
    expect(autosaveReducer(state, { type: 'save-failed', editsWaiting: true }).indicator).toBe('saving');
  });

  it('an edit back to the saved value needs no call', () => {
    let state = autosaveReducer(initialAutosave('a'), { type: 'edited' });
    expect(decideSave(state, 'a', open)).toBe('unchanged');
    state = autosaveReducer(state, { type: 'save-succeeded', key: 'a', editsWaiting: false });
    expect(state.indicator).toBe('saved');
  });
});
