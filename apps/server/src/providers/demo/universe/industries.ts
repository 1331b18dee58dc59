/**
 * GICS-style sectors and industries of the demo universe, with the traits the generators read per industry:
 * annual volatility, market beta, price/sales and price/earnings at the reference date, the usual release
 * session ('b' before the open, 'a' after the close), yearly revenue growth and the usual days from a fiscal
 * quarter's end to its earnings release. Rows are arrays, not objects, to keep the table compact.
 */

export type SessionCode = 'b' | 'a' | 'm';

/** [sector, industry, volatility, beta, price/sales, price/earnings, session, growth, report lag in days] */
export type IndustryRow = readonly [string, string, number, number, number, number, SessionCode, number, number];

const IT = 'Information Technology';
const CS = 'Communication Services';
const CD = 'Consumer Discretionary';
const ST = 'Consumer Staples';
const HC = 'Health Care';
const FI = 'Financials';
const IN = 'Industrials';
const EN = 'Energy';
const UT = 'Utilities';
const RE = 'Real Estate';
const MA = 'Materials';

export const INDUSTRIES = {
  SWA: [IT, 'Application Software', 0.36, 1.2, 9, 45, 'a', 0.14, 28],
  SWS: [IT, 'Systems Software', 0.32, 1.15, 10, 38, 'a', 0.14, 27],
  SEMI: [IT, 'Semiconductors', 0.42, 1.4, 8, 30, 'a', 0.12, 27],
  SEQ: [IT, 'Semiconductor Materials & Equipment', 0.4, 1.4, 6, 25, 'a', 0.08, 25],
  THW: [IT, 'Technology Hardware, Storage & Peripherals', 0.3, 1.1, 2.5, 22, 'a', 0.05, 28],
  COMM: [IT, 'Communications Equipment', 0.3, 1.0, 4, 22, 'a', 0.06, 25],
  ELEC: [IT, 'Electronic Components', 0.3, 1.1, 3.5, 28, 'b', 0.06, 26],
  ITS: [IT, 'IT Consulting & Other Services', 0.25, 0.95, 3, 25, 'b', 0.05, 25],
  IMS: [CS, 'Interactive Media & Services', 0.34, 1.15, 7, 25, 'a', 0.12, 27],
  ENT: [CS, 'Movies & Entertainment', 0.32, 1.1, 3, 30, 'a', 0.06, 33],
  GAME: [CS, 'Interactive Home Entertainment', 0.32, 0.9, 6, 35, 'a', 0.06, 33],
  MEDIA: [CS, 'Media', 0.28, 1.0, 1.3, 12, 'b', 0.01, 30],
  TEL: [CS, 'Integrated Telecommunication Services', 0.2, 0.5, 1.2, 10, 'b', 0.01, 25],
  WTEL: [CS, 'Wireless Telecommunication Services', 0.22, 0.6, 3, 22, 'b', 0.04, 25],
  AUTO: [CD, 'Automobile Manufacturers', 0.4, 1.3, 0.8, 9, 'b', 0.04, 27],
  AUTOP: [CD, 'Automotive Parts & Equipment', 0.35, 1.3, 0.7, 12, 'b', 0.03, 30],
  BRET: [CD, 'Broadline Retail', 0.33, 1.2, 3, 35, 'a', 0.11, 30],
  HOTEL: [CD, 'Hotels, Resorts & Cruise Lines', 0.33, 1.3, 3, 25, 'b', 0.08, 33],
  CASINO: [CD, 'Casinos & Gaming', 0.38, 1.3, 2, 22, 'a', 0.06, 28],
  REST: [CD, 'Restaurants', 0.25, 0.9, 4, 28, 'b', 0.06, 28],
  SRET: [CD, 'Specialty Retail', 0.28, 1.0, 2, 22, 'b', 0.05, 21],
  DIST: [CD, 'Distributors', 0.25, 0.9, 1.2, 18, 'b', 0.03, 24],
  APP: [CD, 'Apparel, Accessories & Luxury Goods', 0.34, 1.1, 2, 20, 'b', 0.04, 28],
  HDUR: [CD, 'Homebuilding', 0.34, 1.3, 1.3, 11, 'b', 0.04, 24],
  LEIS: [CD, 'Leisure Products', 0.32, 1.1, 2, 18, 'b', 0.03, 24],
  CELEC: [CD, 'Consumer Electronics', 0.3, 1.0, 2, 20, 'b', 0.05, 30],
  DCS: [CD, 'Specialized Consumer Services', 0.38, 1.2, 4, 60, 'a', 0.2, 37],
  SRETS: [ST, 'Consumer Staples Merchandise Retail', 0.2, 0.6, 1, 35, 'b', 0.06, 21],
  BEV: [ST, 'Soft Drinks & Non-alcoholic Beverages', 0.18, 0.5, 5, 24, 'b', 0.04, 25],
  ALCO: [ST, 'Distillers, Vintners & Brewers', 0.22, 0.6, 4, 18, 'b', 0.02, 33],
  FOOD: [ST, 'Packaged Foods & Meats', 0.2, 0.4, 1.8, 16, 'b', 0.01, 30],
  HHP: [ST, 'Household Products', 0.17, 0.4, 4.5, 25, 'b', 0.03, 26],
  PCP: [ST, 'Personal Care Products', 0.25, 0.7, 2.5, 25, 'b', 0.03, 33],
  TOB: [ST, 'Tobacco', 0.2, 0.5, 6, 18, 'b', 0.04, 22],
  FDIST: [ST, 'Food Distribution', 0.24, 0.8, 0.3, 15, 'b', 0.03, 30],
  PHARMA: [HC, 'Pharmaceuticals', 0.22, 0.6, 4.5, 18, 'b', 0.05, 28],
  BIO: [HC, 'Biotechnology', 0.3, 0.8, 6, 20, 'a', 0.07, 30],
  HCEQ: [HC, 'Health Care Equipment', 0.25, 0.9, 5, 30, 'b', 0.07, 25],
  MCO: [HC, 'Managed Health Care', 0.28, 0.7, 0.5, 15, 'b', 0.08, 20],
  HCSVC: [HC, 'Health Care Services', 0.25, 0.8, 0.6, 16, 'b', 0.06, 28],
  HCDIST: [HC, 'Health Care Distributors', 0.22, 0.7, 0.2, 18, 'b', 0.06, 33],
  LST: [HC, 'Life Sciences Tools & Services', 0.28, 1.0, 5, 28, 'b', 0.05, 25],
  HCTECH: [HC, 'Health Care Technology', 0.3, 0.9, 12, 45, 'a', 0.14, 29],
  BANK: [FI, 'Diversified Banks', 0.25, 1.1, 3, 12, 'b', 0.04, 14],
  RBANK: [FI, 'Regional Banks', 0.29, 1.1, 3, 11, 'b', 0.03, 18],
  CAPM: [FI, 'Capital Markets', 0.28, 1.2, 5, 20, 'b', 0.08, 19],
  EXCH: [FI, 'Financial Exchanges & Data', 0.22, 0.9, 10, 30, 'b', 0.08, 24],
  INS: [FI, 'Property & Casualty Insurance', 0.22, 0.7, 1.5, 14, 'a', 0.07, 22],
  LINS: [FI, 'Life & Health Insurance', 0.26, 1.0, 1, 11, 'a', 0.04, 30],
  IBRK: [FI, 'Insurance Brokers', 0.2, 0.7, 5, 27, 'b', 0.08, 22],
  PAY: [FI, 'Transaction & Payment Processing Services', 0.25, 1.0, 12, 30, 'a', 0.1, 27],
  CFIN: [FI, 'Consumer Finance', 0.32, 1.3, 2, 12, 'a', 0.06, 20],
  MFS: [FI, 'Multi-Sector Holdings', 0.17, 0.8, 2.5, 15, 'b', 0.05, 33],
  GSE: [FI, 'Thrifts & Mortgage Finance', 0.6, 1.0, 0.3, 3, 'b', 0.03, 35],
  AERO: [IN, 'Aerospace & Defense', 0.25, 0.9, 2.5, 25, 'b', 0.06, 24],
  MACH: [IN, 'Industrial Machinery', 0.27, 1.1, 2.5, 20, 'b', 0.05, 28],
  ELEQ: [IN, 'Electrical Components & Equipment', 0.32, 1.2, 4, 30, 'b', 0.08, 28],
  CONG: [IN, 'Industrial Conglomerates', 0.24, 1.0, 3, 22, 'b', 0.04, 23],
  BLDG: [IN, 'Building Products', 0.28, 1.1, 3, 24, 'b', 0.05, 30],
  RAIL: [IN, 'Rail Transportation', 0.24, 1.0, 5, 20, 'b', 0.03, 21],
  AIRL: [IN, 'Passenger Airlines', 0.4, 1.3, 0.6, 9, 'b', 0.05, 16],
  LOGI: [IN, 'Air Freight & Logistics', 0.28, 1.0, 1, 16, 'b', 0.02, 26],
  TRUCK: [IN, 'Cargo Ground Transportation', 0.3, 1.1, 3, 30, 'a', 0.03, 25],
  PGT: [IN, 'Passenger Ground Transportation', 0.4, 1.2, 4, 30, 'b', 0.15, 36],
  ENV: [IN, 'Environmental & Facilities Services', 0.2, 0.7, 4, 33, 'a', 0.06, 30],
  PROF: [IN, 'Professional Services', 0.22, 0.9, 5, 28, 'b', 0.06, 28],
  TRAD: [IN, 'Trading Companies & Distributors', 0.25, 1.0, 2.5, 28, 'b', 0.05, 22],
  CONST: [IN, 'Construction & Engineering', 0.32, 1.2, 1.5, 30, 'b', 0.08, 35],
  OGI: [EN, 'Integrated Oil & Gas', 0.25, 0.9, 1.3, 13, 'b', 0.0, 30],
  EP: [EN, 'Oil & Gas Exploration & Production', 0.33, 1.2, 2.5, 11, 'a', 0.02, 35],
  REF: [EN, 'Oil & Gas Refining & Marketing', 0.32, 1.1, 0.3, 12, 'b', 0.0, 26],
  MID: [EN, 'Oil & Gas Storage & Transportation', 0.22, 0.8, 3, 20, 'a', 0.04, 32],
  OFS: [EN, 'Oil & Gas Equipment & Services', 0.33, 1.2, 1.5, 14, 'b', 0.04, 20],
  UTIL: [UT, 'Electric Utilities', 0.18, 0.4, 3, 19, 'b', 0.04, 32],
  MUTIL: [UT, 'Multi-Utilities', 0.17, 0.4, 2.5, 18, 'b', 0.04, 32],
  GUTIL: [UT, 'Gas Utilities', 0.18, 0.4, 3, 19, 'b', 0.04, 35],
  WUTIL: [UT, 'Water Utilities', 0.18, 0.4, 6, 26, 'a', 0.05, 32],
  IPP: [UT, 'Independent Power Producers & Energy Traders', 0.42, 1.1, 3, 30, 'b', 0.06, 37],
  REITI: [RE, 'Industrial REITs', 0.24, 0.9, 14, 40, 'a', 0.05, 16],
  REITT: [RE, 'Telecom Tower REITs', 0.24, 0.7, 9, 35, 'b', 0.03, 29],
  REITD: [RE, 'Data Center REITs', 0.28, 0.9, 8, 80, 'a', 0.08, 29],
  REITH: [RE, 'Health Care REITs', 0.22, 0.8, 10, 60, 'a', 0.08, 29],
  REITR: [RE, 'Retail REITs', 0.22, 0.9, 10, 35, 'a', 0.04, 34],
  REITS: [RE, 'Self-Storage REITs', 0.24, 0.8, 11, 30, 'a', 0.03, 29],
  REITRES: [RE, 'Multi-Family Residential REITs', 0.22, 0.8, 10, 35, 'a', 0.03, 29],
  REITO: [RE, 'Other Specialized REITs', 0.22, 0.8, 9, 13, 'a', 0.04, 30],
  REITOF: [RE, 'Office REITs', 0.3, 1.1, 4, 30, 'a', 0.0, 28],
  REITHO: [RE, 'Hotel & Resort REITs', 0.3, 1.2, 2, 16, 'a', 0.03, 36],
  REMD: [RE, 'Real Estate Services', 0.3, 1.2, 2, 35, 'b', 0.07, 28],
  CHEM: [MA, 'Specialty Chemicals', 0.25, 1.0, 2.5, 20, 'b', 0.02, 28],
  IGAS: [MA, 'Industrial Gases', 0.2, 0.8, 6, 30, 'b', 0.05, 26],
  GOLD: [MA, 'Gold', 0.35, 0.5, 4, 15, 'a', 0.05, 25],
  METAL: [MA, 'Metals & Mining', 0.36, 1.3, 2, 15, 'a', 0.02, 25],
  CMAT: [MA, 'Construction Materials', 0.26, 1.0, 4, 30, 'b', 0.05, 32],
  PKG: [MA, 'Paper & Plastic Packaging Products', 0.24, 0.9, 1.2, 18, 'b', 0.02, 25],
  FERT: [MA, 'Fertilizers & Agricultural Chemicals', 0.32, 1.0, 2, 15, 'a', 0.02, 32],
} as const satisfies Record<string, IndustryRow>;

export type IndustryCode = keyof typeof INDUSTRIES;
