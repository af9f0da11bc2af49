// A recommendation's reason as the server wrote it (shared/domain/recommendation-reasons.ts), the book it
// names set in italics as text, never as HTML.
import { reasonParts } from '@shared/domain/recommendation-reasons';

export function RecommendationReason({ reason }: { reason: string }) {
  return <>{reasonParts(reason).map((part, i) => (part.title ? <em key={i}>{part.text}</em> : part.text))}</>;
}
