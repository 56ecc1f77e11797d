/** A shopper's checkout address in Dhaka, shipped to `country` (tests of what each country may pay with). */
export const checkoutAddress = (country = 'BD') => ({
  full_name: 'Rahim Uddin',
  address: 'House 12, Road 5',
  city: 'Dhaka',
  country,
  zip: '1207',
  mobile_no: '1711000000',
  phone_country: '+880',
});
