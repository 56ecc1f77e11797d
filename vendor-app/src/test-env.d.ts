// Brings jest-dom's matchers (registered by @shop/ui/test-setup) into the test files' types.
import '@testing-library/jest-dom/vitest';
