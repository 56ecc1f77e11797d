import { ADMIN_PERMISSIONS, type AdminPermission, type admins, type customers } from '../schema.ts';

type AdminSeed = Omit<typeof admins.$inferInsert, 'passwordHash'> & { password: string };
type CustomerSeed = Omit<typeof customers.$inferInsert, 'passwordHash'> & { password: string };

/** The sign-ins docs/conventions.md promises; tests and the start banner use them. */
export const DEMO_ADMIN = {
  email: 'admin@example.com',
  password: 'admin12345',
  name: 'Store Admin',
} as const;
export const DEMO_SHOPPER = {
  email: 'shopper@example.com',
  password: 'shopper123',
  username: 'shopper',
  name: 'Demo Shopper',
} as const;

const ALL: AdminPermission[] = [...ADMIN_PERMISSIONS];

export const STAFF: AdminSeed[] = [
  {
    name: DEMO_ADMIN.name,
    email: DEMO_ADMIN.email,
    password: DEMO_ADMIN.password,
    role: 'SuperAdmin',
    permissions: ALL,
    department: 'Administration',
    phone: '+8801700000001',
  },
  {
    name: 'Farhan Ahmed',
    email: 'manager@example.com',
    password: 'manager12345',
    role: 'Manager',
    permissions: ['dashboard', 'products', 'orders', 'users', 'reports'],
    department: 'Order Management',
  },
  {
    name: 'Sadia Islam',
    email: 'support@example.com',
    password: 'support12345',
    role: 'Support',
    permissions: ['dashboard', 'orders', 'disputes'],
    department: 'Customer Support',
  },
  {
    name: 'Tanvir Hasan',
    email: 'editor@example.com',
    password: 'editor12345',
    role: 'Editor',
    permissions: ['products'],
    department: 'Product Management',
  },
];

export const SHOPPERS: CustomerSeed[] = [
  {
    username: DEMO_SHOPPER.username,
    email: DEMO_SHOPPER.email,
    password: DEMO_SHOPPER.password,
    firstName: 'Demo',
    lastName: 'Shopper',
    name: DEMO_SHOPPER.name,
    phone: '+8801712345678',
    address: 'House 12, Road 5, Dhanmondi, Dhaka 1205',
  },
  {
    username: 'emily',
    email: 'emily@example.com',
    password: 'emily12345',
    firstName: 'Emily',
    lastName: 'Carter',
    name: 'Emily Carter',
    phone: '+14155550142',
    address: '1458 Valencia Street, San Francisco, CA 94110',
  },
];
