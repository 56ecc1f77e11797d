// The campaigns module's entry for other code; its handlers are wired in service.ts. Applying a coupon at
// checkout is the orders module's (orders.coupons.ts), built on these rules.
export { codeTaken } from './campaigns.messages.ts';
export {
  type CampaignDetails,
  deleteCampaign,
  findCampaign,
  insertStoreCoupon,
  listCampaigns,
  liveOrder,
  updateStoreCoupon,
} from './campaigns.repository.ts';
export {
  appliesTo,
  type CampaignRow,
  type CampaignType,
  type CampaignValues,
  CODE_FORMAT,
  COUPON_CODE,
  campaignStatus,
  campaignValues,
  normaliseCode,
} from './campaigns.rules.ts';
