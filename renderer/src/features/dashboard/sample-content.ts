// The fixed entries of the two sample panels (SPEC.md §1: "Friends Activity and Recommended for You panels
// on the dashboard hold static sample content").

export const SAMPLE_FRIENDS_ACTIVITY = [
  { name: 'Maya Chen', action: 'finished', book: 'The Left Hand of Darkness', when: '2 hours ago' },
  { name: 'Jonas Weber', action: 'started', book: 'Middlemarch', when: 'Yesterday' },
  { name: 'Priya Patel', action: 'rated 5 stars', book: 'Beloved', when: '3 days ago' },
] as const;

export const SAMPLE_RECOMMENDATIONS = [
  { title: 'The Remains of the Day', author: 'Kazuo Ishiguro' },
  { title: 'Persuasion', author: 'Jane Austen' },
  { title: 'A Wizard of Earthsea', author: 'Ursula K. Le Guin' },
] as const;
