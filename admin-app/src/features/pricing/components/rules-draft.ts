import type { Schemas } from '@shop/sdk/types';

export type Rules = Schemas['PricingRules'];

/** What each card of the rules form gets: the unsaved rules and a setter for one of them. */
export type RulesDraftProps = {
  draft: Rules;
  set: <K extends keyof Rules>(key: K, value: Rules[K]) => void;
};

/** An emptied number input (Mantine gives '') becomes NaN rather than 0. */
export const number = (value: number | string) => (typeof value === 'number' ? value : Number.NaN);
