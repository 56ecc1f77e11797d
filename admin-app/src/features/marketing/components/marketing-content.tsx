import { Tabs } from '@mantine/core';
import type { MarketingSearch, MarketingTab } from '../schemas/marketing-search';
import { BannersPanel } from './banners-panel';
import { BlogPanel } from './blog-panel';
import { CartRecoveryPanel } from './cart-recovery-panel';
import { AnalyticsPanel, MetaTagsPanel } from './meta-analytics-panels';
import { PopupPanel } from './popup-panel';

const TABS: Array<{ value: MarketingTab; label: string }> = [
  { value: 'banners', label: 'Banners' },
  { value: 'popup', label: 'Popup' },
  { value: 'blog', label: 'Blog' },
  { value: 'meta', label: 'Meta Tags' },
  { value: 'analytics', label: 'Analytics' },
  { value: 'cart-recovery', label: 'Cart recovery' },
];

type MarketingContentProps = {
  search: MarketingSearch;
  onSearchChange: (change: Partial<MarketingSearch>) => void;
};

/** Marketing & Content: what the storefront shows beyond the catalogue, one tab a concern (the tab is in the URL). */
export function MarketingContent({ search, onSearchChange }: MarketingContentProps) {
  return (
    <Tabs
      value={search.tab}
      onChange={(tab) => onSearchChange({ tab: (tab ?? 'banners') as MarketingTab })}
      keepMounted={false}
    >
      <Tabs.List mb="md">
        {TABS.map((tab) => (
          <Tabs.Tab key={tab.value} value={tab.value}>
            {tab.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="banners">
        <BannersPanel />
      </Tabs.Panel>
      <Tabs.Panel value="popup">
        <PopupPanel />
      </Tabs.Panel>
      <Tabs.Panel value="blog">
        <BlogPanel search={search} onSearchChange={onSearchChange} />
      </Tabs.Panel>
      <Tabs.Panel value="meta">
        <MetaTagsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="analytics">
        <AnalyticsPanel />
      </Tabs.Panel>
      <Tabs.Panel value="cart-recovery">
        <CartRecoveryPanel />
      </Tabs.Panel>
    </Tabs>
  );
}
