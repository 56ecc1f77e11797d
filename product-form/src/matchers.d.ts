// The jest-dom matchers are registered by @shop/ui/test-setup (vitest setupFiles); this brings their types.
/// <reference types="@testing-library/jest-dom/vitest" />
