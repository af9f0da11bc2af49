import { SfError } from '../../platform/errors';

/** SPEC.md §5/§8: the server's error field when there is one, else 'Something went wrong'. */
export function actionErrorMessage(failure: unknown): string {
  return failure instanceof SfError && failure.error ? failure.error : 'Something went wrong';
}
