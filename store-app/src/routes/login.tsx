import { Alert } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { LoginForm } from '../features/auth/components/login-form';
import { useSessionUser } from '../lib/session';

/** Spec §4: once a user exists the login screen sends them home after 1 second. */
export const REDIRECT_HOME_AFTER_MS = 1000;

export const Route = createFileRoute('/login')({
  component: LoginPage,
});

function LoginPage() {
  const user = useSessionUser();
  const navigate = useNavigate();

  useEffect(() => {
    if (!user) return;
    const timer = setTimeout(() => void navigate({ to: '/' }), REDIRECT_HOME_AFTER_MS);
    return () => clearTimeout(timer);
  }, [user, navigate]);

  if (user) {
    return (
      <Alert color="teal" title="You are signed in" maw={440} mx="auto" my="xl">
        Taking you to the home page…
      </Alert>
    );
  }
  return <LoginForm />;
}
