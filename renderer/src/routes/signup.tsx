import { FormCard } from '../components/form-card';
import { usePageTitle } from '../hooks/use-page-title';
import { SignUpForm } from '../features/auth/signup-form';

export default function SignUp() {
  usePageTitle('Sign Up');
  return (
    <FormCard title="Sign up" width={520}>
      <SignUpForm />
    </FormCard>
  );
}
