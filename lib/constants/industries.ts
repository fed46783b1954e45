/**
 * The industry categories a client can belong to (spec: 24 entries, Arts & Entertainment to Travel &
 * Transportation).
 */
export const INDUSTRIES = [
  "Arts & Entertainment",
  "Autos & Vehicles",
  "Beauty & Fitness",
  "Books & Literature",
  "Business & Industrial Markets",
  "Computers & Electronics",
  "Finance",
  "Food & Drink",
  "Games",
  "Healthcare",
  "Hobbies & Leisure",
  "Home & Garden",
  "Internet & Telecom",
  "Jobs & Education",
  "Law & Government",
  "News",
  "Online Communities",
  "People & Society",
  "Pets & Animals",
  "Real Estate",
  "Science",
  "Shopping",
  "Sports",
  "Travel & Transportation",
] as const;
export type Industry = (typeof INDUSTRIES)[number];
