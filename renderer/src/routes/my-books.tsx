// /my-books (SPEC.md §2): the reader's shelves with their counts.
import { MyBooksPage } from '../features/my-books/my-books-page';

export default function MyBooks() {
  return <MyBooksPage />;
}
