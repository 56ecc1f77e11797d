// DTOs of the AliExpress Open Platform dropshipping API, with the marketplace's own field names
// (snake_case and the `_d_t_o` list wrappers are how the API serialises its Java DTOs).

/** One SKU property, e.g. Color (14), Size (5), Ships From (200007763). */
export interface AeSkuProperty {
  sku_property_id: number;
  sku_property_name: string;
  sku_property_value: string;
  property_value_id: number;
  /** The seller's own name for the value; sent for Color (14) only. */
  property_value_definition_name?: string;
  /** Picture of this variation; sent for Color (14) only. */
  sku_image?: string;
}

export interface AeSku {
  sku_id: string;
  /** `propertyId:valueId[#definition name]` pairs joined by `;`. */
  sku_attr: string;
  /** Prices are decimal strings in `currency_code`, two decimals. */
  offer_sale_price: string;
  sku_price: string;
  offer_bulk_sale_price?: string;
  sku_available_stock: number;
  sku_bulk_order?: number;
  price_include_tax?: boolean;
  limit_strategy?: string;
  currency_code?: string;
  buy_amount_limit_set_by_promotion?: string;
  id?: string;
  ae_sku_property_dtos?: { ae_sku_property_d_t_o: AeSkuProperty[] };
}

export interface AeItemProperty {
  attr_name_id?: number;
  attr_value_id?: number;
  attr_name: string;
  attr_value: string;
}

export interface AeItemBaseInfo {
  product_id: number;
  subject: string;
  category_id: number;
  currency_code: string;
  avg_evaluation_rating: string;
  evaluation_count: string;
  sales_count?: string;
  /** `onSelling` while the listing is live; an item offline answers ITEM_ID_NOT_FOUND (605) instead. */
  product_status_type?: string;
  /**
   * When the listing goes offline (the Open Platform's product field `ws_offline_date`; listings are published
   * for a validity period and lapse after it unless the seller renews them). Absent when unknown.
   */
  ws_offline_date?: string;
  /** Seller HTML, untrusted: sanitise before storing or rendering. */
  detail: string;
  /** JSON text (`{ version, moduleList: [...] }`). */
  mobile_detail: string;
  gmt_create?: string;
  gmt_modified?: string;
}

export interface AeMultimediaInfo {
  /** Image addresses joined by `;`, the first one is the main picture. */
  image_urls: string;
}

export interface AeLogisticsInfo {
  delivery_time: number;
  ship_to_country: string;
}

export interface AePackageInfo {
  package_length: number;
  package_width: number;
  package_height: number;
  /** Kilograms, as a decimal string. */
  gross_weight: string;
  package_type: boolean;
  product_unit: number;
}

export interface AeStoreInfo {
  store_id: number;
  store_name: string;
  store_country_code: string;
  shipping_speed_rating: string;
  communication_rating: string;
  item_as_described_rating: string;
}

/** `aliexpress_ds_product_get_response.result` */
export interface AeProductResult {
  ae_item_base_info_dto: AeItemBaseInfo;
  ae_multimedia_info_dto: AeMultimediaInfo;
  ae_item_sku_info_dtos: { ae_item_sku_info_d_t_o: AeSku[] };
  ae_item_properties?: { ae_item_property: AeItemProperty[] };
  logistics_info_dto?: AeLogisticsInfo;
  package_info_dto?: AePackageInfo;
  ae_store_info?: AeStoreInfo;
  has_whole_sale?: boolean;
}

/** The whole answer of `aliexpress.ds.product.get`, as the fixture files store it. */
export interface AeProductGetResponse {
  aliexpress_ds_product_get_response: {
    result?: AeProductResult;
    rsp_code: number;
    rsp_msg: string;
    request_id?: string;
  };
}

/**
 * One answer line of `aliexpress.ds.freight.query` (spec 3 §3 "Delivery option").
 * Despite its name, `shipping_fee_cent` is what the API sends: the fee as a decimal string in
 * `shipping_fee_currency` major units ("1.99"); "0.00" when `free_shipping` is true.
 */
export interface DeliveryOption {
  code: string;
  company: string;
  free_shipping: boolean;
  shipping_fee_cent: string;
  shipping_fee_currency: string;
  shipping_fee_format: string;
  /** Days until buyer protection refunds a parcel that never arrived, as a string. */
  guaranteed_delivery_days: string;
  delivery_date_desc: string;
  min_delivery_days: number;
  max_delivery_days: number;
  ship_from_country: string;
  tracking: boolean;
  mayHavePFS: boolean;
}

/** The whole answer of `aliexpress.ds.freight.query`. */
export interface AeFreightQueryResponse {
  aliexpress_ds_freight_query_response: {
    result: {
      success: boolean;
      code: number;
      msg: string;
      delivery_options?: { delivery_option_d_t_o: DeliveryOption[] };
    };
    request_id?: string;
  };
}

/** The Open Platform's error envelope (bad signature, expired token, unknown method, …). */
export interface AeErrorResponse {
  error_response: {
    type?: string;
    code: string;
    msg: string;
    sub_code?: string;
    sub_msg?: string;
    request_id?: string;
  };
}

export interface ProductQuery {
  /** ISO 3166-1 alpha-2 ship-to country, e.g. BD. */
  country: string;
  /** ISO 4217 currency the prices should be in, e.g. BDT. */
  currency: string;
}

export interface DeliveryQuery {
  productId: string;
  skuId: string;
  country: string;
  quantity: number;
  currency: string;
}

/** `aliexpress_ds_order_create_response`: the supplier order numbers (one per seller) or why there are none. */
export interface AeOrderCreateResponse {
  aliexpress_ds_order_create_response: {
    result: {
      /** Sent as a boolean, and by some gateways as the text "true"/"false". */
      is_success: boolean | string;
      order_list?: { number: Array<number | string> };
      error_code?: string;
      error_msg?: string;
    };
    request_id?: string;
  };
}

/** One parcel of `aliexpress_ds_order_tracking_get_response`. */
export interface AeTrackingDetail {
  mail_no: string;
  carrier_name: string;
  detail_node_list?: {
    detail_node: Array<{ time_stamp: number | string; tracking_detail_desc: string; tracking_name?: string }>;
  };
}

/** `aliexpress_ds_order_tracking_get_response`: no parcel yet answers `ret: false` or an empty list. */
export interface AeOrderTrackingResponse {
  aliexpress_ds_order_tracking_get_response: {
    result: {
      ret: boolean;
      code?: string;
      msg?: string;
      data?: { tracking_detail_line_list?: { tracking_detail: AeTrackingDetail[] } };
    };
    request_id?: string;
  };
}

/** Where the supplier sends the parcel: the shopper's checkout address. */
export interface SupplierAddress {
  fullName: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  mobileNo: string;
  phoneCountry: string;
  /** The shopper's tax number where the country's customs want one (Brazil's CPF); empty elsewhere. */
  taxNumber?: string;
}

export interface SupplierOrderRequest {
  items: Array<{
    /** The marketplace's item id. */
    productId: string;
    skuId: string;
    /** The SKU's property pairs (`14:193;5:100014064`): how the order call picks the variation. */
    skuAttr: string;
    quantity: number;
  }>;
  address: SupplierAddress;
  /** The delivery service the shopper chose (`CAINIAO_STANDARD`); null leaves it to the supplier. */
  logisticsServiceName: string | null;
  /** Our order number, kept by the supplier as its outside order id. */
  reference: string;
}

/** One scan of the carrier's. */
export interface CarrierEvent {
  /** ISO date-time. */
  time: string;
  description: string;
}

export interface SupplierTracking {
  /**
   * `shipped` once the supplier has handed the parcel to a carrier with a tracking number; `delivered` once the
   * carrier says it reached the shopper.
   */
  status: 'awaiting_shipment' | 'shipped' | 'delivered';
  trackingNumber: string | null;
  carrier: string | null;
  /** The carrier's scans, oldest first; empty before it ships. */
  events: CarrierEvent[];
}

/** A buyer's dispute on a supplier order: the parcel never came, or came damaged / not as described. */
export interface SupplierDisputeRequest {
  /** The supplier order (`aeOrderId`). */
  orderId: string;
  reason: 'never_arrived' | 'damaged';
  description: string;
  /** Public addresses of the buyer's photos. */
  photoUrls: string[];
}

export interface SupplierDispute {
  disputeId: string;
  /** `open` until the supplier answers; `accepted`/`refused` with its answer; `closed` when the platform ends it. */
  status: 'open' | 'accepted' | 'refused' | 'closed';
  /** The supplier's words, or null before it answered. */
  answer: string | null;
}

export interface MarketplaceAdapter {
  /** The product as the marketplace describes it for that country, or null when it does not exist. */
  getProduct(productId: string, query: ProductQuery): Promise<AeProductResult | null>;
  /** Shipping choices for one SKU; empty when none reach the country or the product/SKU is unknown. */
  getDeliveryOptions(query: DeliveryQuery): Promise<DeliveryOption[]>;
  /** Places the order with the supplier; a refusal throws a MarketplaceError with the supplier's reason. */
  placeOrder(request: SupplierOrderRequest): Promise<{ orderId: string }>;
  /** Where the supplier order's parcel is. */
  trackOrder(orderId: string): Promise<SupplierTracking>;
  /** Opens a dispute with the supplier on one of its orders; a refusal throws a MarketplaceError. */
  openDispute(request: SupplierDisputeRequest): Promise<{ disputeId: string }>;
  /** The dispute's state and the supplier's answer. */
  getDispute(disputeId: string): Promise<SupplierDispute>;
}
