import { describe, expect, it } from 'vitest';
import { alsoEnjoyedFacts, explainRecommendation, reasonParts } from './recommendation-reasons';

describe('explainRecommendation', () => {
  it('says the rating the reader gave, and the title', () => {
    expect(explainRecommendation({ kind: 'rated', work_id: 'w', title: 'Dune', rating: 5 })).toBe(
      'Because you rated *Dune* 5 stars',
    );
    expect(explainRecommendation({ kind: 'rated', work_id: 'w', title: 'Emma', rating: 4.5 })).toBe(
      'Because you rated *Emma* 4.5 stars',
    );
  });
  it('names the finished book', () => {
    expect(explainRecommendation({ kind: 'also_finished', work_id: 'w', title: 'X', readers: 3 })).toBe(
      'Readers who finished *X* also finished this',
    );
  });
  it('lists exactly the moods of the facts, in their order', () => {
    expect(explainRecommendation({ kind: 'moods', moods: [9, 8] })).toBe(
      'Matches your moods: dark, reflective',
    );
  });
  it('states the average and count of a popular book', () => {
    expect(explainRecommendation({ kind: 'popular', rating_average: 4.25, rating_count: 1 })).toBe(
      'Well rated and popular: 4.3 average from 1 rating',
    );
  });
});

describe('alsoEnjoyedFacts', () => {
  const dune = { work_id: 'w1', title: 'Dune' };
  it('names likes when more readers liked both than finished both', () => {
    const facts = alsoEnjoyedFacts(dune, { co_liked: 3, co_finished: 1 });
    expect(facts).toEqual({ kind: 'also_liked', work_id: 'w1', title: 'Dune', readers: 3 });
    expect(explainRecommendation(facts!)).toBe('Readers who liked *Dune* also liked this');
  });
  it('names finishes when more readers finished both, and likes on a tie', () => {
    const facts = alsoEnjoyedFacts(dune, { co_liked: 0, co_finished: 2 });
    expect(facts).toEqual({ kind: 'also_finished', work_id: 'w1', title: 'Dune', readers: 2 });
    expect(explainRecommendation(facts!)).toBe('Readers who finished *Dune* also finished this');
    expect(alsoEnjoyedFacts(dune, { co_liked: 2, co_finished: 2 })?.kind).toBe('also_liked');
  });
  it('claims no reason when no reader liked or finished both', () => {
    expect(alsoEnjoyedFacts(dune, { co_liked: 0, co_finished: 0 })).toBeNull();
  });
});

describe('reasonParts', () => {
  it('marks the title for italics', () => {
    expect(reasonParts('Because you rated *Dune* 5 stars')).toEqual([
      { text: 'Because you rated ', title: false },
      { text: 'Dune', title: true },
      { text: ' 5 stars', title: false },
    ]);
  });
});
