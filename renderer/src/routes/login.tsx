import { FormCard } from '../components/form-card';
import { usePageTitle } from '../hooks/use-page-title';
import { LoginForm } from '../features/auth/login-form';

export default function Login() {
  usePageTitle('Log In');
  return (
    <FormCard title="Log in">
      <LoginForm />
    </FormCard>
  );
}
