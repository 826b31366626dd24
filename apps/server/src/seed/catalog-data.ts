/**
 * The demo catalog's vocabulary: categories (the spec's 8 home categories first, with its
 * display names, typos fixed per product decision #3, and its slugs), subcategories, and the item
 * templates products are generated from.
 */

export interface ItemTemplate {
  /** The noun phrase, e.g. 'Water Bottle'. */
  noun: string;
  /** Size or capacity variants put in the name, e.g. '1 L'. */
  specs: readonly string[];
  /** Pack sizes a B2B buyer orders in. */
  packs: readonly number[];
}

export interface SubcategoryData {
  name: string;
  hsn: string;
  items: readonly ItemTemplate[];
}

export interface CategoryData {
  name: string;
  /** The slug links use; the spec fixes some ('bags,-wallets-and-luggage'). */
  slug: string;
  /** Short code that prefixes product codes. */
  prefix: string;
  adjectives: readonly string[];
  /** Sale price range in rupees. */
  price: readonly [number, number];
  /** Weight range in grams for one pack. */
  weight: readonly [number, number];
  subcategories: readonly SubcategoryData[];
}

const t = (
  noun: string,
  specs: readonly string[],
  packs: readonly number[] = [1, 6, 12, 24],
): ItemTemplate => ({
  noun,
  specs,
  packs,
});

export const CATEGORIES: readonly CategoryData[] = [
  {
    name: 'Baby',
    slug: 'baby',
    prefix: 'BB',
    adjectives: ['Soft', 'BPA-Free', 'Organic Cotton', 'Hypoallergenic', 'Anti-Colic'],
    price: [149, 1899],
    weight: [120, 2400],
    subcategories: [
      {
        name: 'Diapering',
        hsn: '9619',
        items: [
          t('Diaper Pants', ['Small', 'Medium', 'Large'], [1, 4, 8]),
          t('Baby Wipes', ['72 Pcs', '80 Pcs'], [3, 12, 24]),
        ],
      },
      {
        name: 'Feeding',
        hsn: '3924',
        items: [t('Feeding Bottle', ['125 ml', '250 ml']), t('Sipper Cup', ['200 ml', '300 ml'])],
      },
      {
        name: 'Baby Bath & Skin',
        hsn: '3401',
        items: [
          t('Baby Soap', ['75 g', '125 g'], [6, 12, 48]),
          t('Baby Lotion', ['100 ml', '200 ml']),
        ],
      },
      {
        name: 'Nursery',
        hsn: '9404',
        items: [
          t('Swaddle Blanket', ['100 x 100 cm', '120 x 120 cm'], [1, 3, 10]),
          t('Crib Sheet', ['Standard', 'Mini'], [1, 5, 10]),
        ],
      },
    ],
  },
  {
    name: 'Bags, Wallets & Luggage',
    slug: 'bags,-wallets-and-luggage',
    prefix: 'BW',
    adjectives: ['Water-Resistant', 'Genuine Leather', 'Vegan Leather', 'Canvas', 'Lightweight'],
    price: [249, 6999],
    weight: [150, 4200],
    subcategories: [
      {
        name: 'Backpacks',
        hsn: '4202',
        items: [
          t('Laptop Backpack', ['15.6 inch', '17 inch'], [1, 5, 20]),
          t('School Backpack', ['25 L', '32 L'], [1, 10, 25]),
        ],
      },
      {
        name: 'Wallets',
        hsn: '4202',
        items: [
          t('Bifold Wallet', ['Slim', 'Classic'], [1, 10, 50]),
          t('Card Holder', ['6 Slot', '10 Slot'], [1, 25, 100]),
        ],
      },
      {
        name: 'Suitcases & Trolleys',
        hsn: '4202',
        items: [t('Hard Shell Trolley Bag', ['55 cm', '65 cm', '75 cm'], [1, 2, 6])],
      },
      {
        name: 'Handbags',
        hsn: '4202',
        items: [
          t('Tote Bag', ['Medium', 'Large'], [1, 10, 40]),
          t('Sling Bag', ['Mini', 'Standard'], [1, 10, 40]),
        ],
      },
      {
        name: 'Travel Accessories',
        hsn: '4202',
        items: [
          t('Packing Cubes Set', ['4 Piece', '6 Piece'], [1, 10, 30]),
          t('Luggage Tag', ['Standard'], [10, 50, 200]),
        ],
      },
    ],
  },
  {
    name: 'Beauty',
    slug: 'beauty',
    prefix: 'BT',
    adjectives: ['Herbal', 'Paraben-Free', 'Matte', 'Long-Lasting', 'Vitamin C'],
    price: [99, 1499],
    weight: [40, 900],
    subcategories: [
      {
        name: 'Skin Care',
        hsn: '3304',
        items: [
          t('Face Serum', ['30 ml', '50 ml'], [1, 12, 48]),
          t('Moisturising Cream', ['50 g', '100 g'], [1, 12, 48]),
        ],
      },
      {
        name: 'Hair Care',
        hsn: '3305',
        items: [
          t('Shampoo', ['200 ml', '400 ml'], [1, 12, 24]),
          t('Hair Oil', ['100 ml', '200 ml'], [1, 12, 24]),
        ],
      },
      {
        name: 'Makeup',
        hsn: '3304',
        items: [
          t('Liquid Lipstick', ['4 ml'], [1, 12, 60]),
          t('Kajal Pencil', ['0.35 g'], [1, 24, 100]),
        ],
      },
      {
        name: 'Fragrances',
        hsn: '3303',
        items: [
          t('Eau de Parfum', ['50 ml', '100 ml'], [1, 6, 24]),
          t('Body Mist', ['135 ml'], [1, 12, 36]),
        ],
      },
    ],
  },
  {
    name: 'Car & MotorBike',
    slug: 'car-&-motorbike',
    prefix: 'CM',
    adjectives: ['Heavy-Duty', 'Universal Fit', 'Reflective', 'All-Weather', 'Premium'],
    price: [199, 8999],
    weight: [80, 6500],
    subcategories: [
      {
        name: 'Car Accessories',
        hsn: '8708',
        items: [
          t('Car Seat Cover Set', ['5 Seater', '7 Seater'], [1, 5, 10]),
          t('Car Phone Holder', ['Dashboard', 'Vent'], [1, 20, 100]),
        ],
      },
      {
        name: 'Bike Accessories',
        hsn: '8714',
        items: [
          t('Bike Cover', ['Standard', 'XL'], [1, 10, 50]),
          t('Helmet Lock', ['Standard'], [1, 25, 100]),
        ],
      },
      {
        name: 'Car Care',
        hsn: '3405',
        items: [
          t('Car Wash Shampoo', ['500 ml', '1 L'], [1, 12, 24]),
          t('Microfibre Cloth', ['40 x 40 cm'], [6, 24, 100]),
        ],
      },
      {
        name: 'Riding Gear',
        hsn: '6506',
        items: [
          t('Full Face Helmet', ['M', 'L', 'XL'], [1, 5, 20]),
          t('Riding Gloves', ['M', 'L'], [1, 10, 50]),
        ],
      },
    ],
  },
  {
    name: 'Clothing & Accessories',
    slug: 'clothing-&-accessories',
    prefix: 'CA',
    adjectives: ['Cotton', 'Slim Fit', 'Breathable', 'Wrinkle-Free', 'Stretchable'],
    price: [149, 2999],
    weight: [90, 1800],
    subcategories: [
      {
        name: 'Men T-Shirts',
        hsn: '6109',
        items: [
          t('Round Neck T-Shirt', ['Regular'], [1, 10, 50]),
          t('Polo T-Shirt', ['Regular'], [1, 10, 50]),
        ],
      },
      {
        name: 'Women Kurtas',
        hsn: '6204',
        items: [t('Printed Kurta', ['Straight', 'A-Line'], [1, 10, 30])],
      },
      {
        name: 'Uniforms & Workwear',
        hsn: '6203',
        items: [
          t('Work Shirt', ['Full Sleeve', 'Half Sleeve'], [1, 20, 100]),
          t('Cargo Work Trousers', ['Regular'], [1, 20, 100]),
        ],
      },
      {
        name: 'Caps & Hats',
        hsn: '6505',
        items: [t('Baseball Cap', ['Adjustable'], [1, 25, 100])],
      },
      { name: 'Socks', hsn: '6115', items: [t('Ankle Socks', ['Free Size'], [3, 12, 60])] },
    ],
  },
  {
    name: 'Computers & Accessories',
    slug: 'computers-&-accessories',
    prefix: 'CP',
    adjectives: ['Wireless', 'Ergonomic', 'USB-C', 'Backlit', 'Compact'],
    price: [199, 24999],
    weight: [50, 3500],
    subcategories: [
      {
        name: 'Keyboards & Mice',
        hsn: '8471',
        items: [
          t('Wireless Mouse', ['2.4 GHz', 'Bluetooth'], [1, 10, 50]),
          t('Mechanical Keyboard', ['Full Size', 'TKL'], [1, 5, 20]),
        ],
      },
      {
        name: 'Laptop Accessories',
        hsn: '8473',
        items: [
          t('Laptop Stand', ['Aluminium', 'Foldable'], [1, 10, 40]),
          t('Laptop Sleeve', ['13 inch', '15.6 inch'], [1, 10, 50]),
        ],
      },
      {
        name: 'Storage',
        hsn: '8523',
        items: [
          t('USB Flash Drive', ['32 GB', '64 GB', '128 GB'], [1, 10, 100]),
          t('Portable SSD', ['500 GB', '1 TB'], [1, 5, 20]),
        ],
      },
      {
        name: 'Networking',
        hsn: '8517',
        items: [
          t('Wi-Fi Router', ['AC1200', 'AX1800'], [1, 5, 20]),
          t('Cat6 LAN Cable', ['3 m', '10 m'], [1, 10, 50]),
        ],
      },
      {
        name: 'Monitors',
        hsn: '8528',
        items: [t('LED Monitor', ['22 inch', '24 inch', '27 inch'], [1, 2, 10])],
      },
    ],
  },
  {
    name: 'Electronics',
    slug: 'electronics',
    prefix: 'EL',
    adjectives: ['Fast-Charging', 'Noise-Cancelling', 'Smart', 'Rechargeable', 'Portable'],
    price: [199, 14999],
    weight: [40, 2500],
    subcategories: [
      {
        name: 'Mobile Accessories',
        hsn: '8504',
        items: [
          t('Power Bank', ['10000 mAh', '20000 mAh'], [1, 10, 50]),
          t('USB-C Charger', ['20 W', '65 W'], [1, 10, 100]),
        ],
      },
      {
        name: 'Headphones',
        hsn: '8518',
        items: [
          t('Bluetooth Earbuds', ['Standard'], [1, 10, 50]),
          t('Over-Ear Headphones', ['Wired', 'Wireless'], [1, 5, 20]),
        ],
      },
      {
        name: 'Speakers',
        hsn: '8518',
        items: [t('Bluetooth Speaker', ['10 W', '20 W'], [1, 5, 20])],
      },
      {
        name: 'Smart Home',
        hsn: '8543',
        items: [
          t('Smart Plug', ['10 A', '16 A'], [1, 10, 50]),
          t('LED Smart Bulb', ['9 W', '12 W'], [1, 12, 60]),
        ],
      },
      { name: 'Cameras', hsn: '8525', items: [t('Security Camera', ['1080p', '2K'], [1, 4, 16])] },
    ],
  },
  {
    name: 'Home & Kitchen',
    slug: 'home-&-kitchen',
    prefix: 'HK',
    adjectives: [
      'Insulated Steel',
      'Non-Stick',
      'Stainless Steel',
      'Borosilicate Glass',
      'Food-Grade',
    ],
    price: [99, 7999],
    weight: [120, 5200],
    subcategories: [
      {
        name: 'Kitchen Storage',
        hsn: '3924',
        items: [
          t('Storage Container Set', ['500 ml', '1 L'], [1, 6, 24]),
          t('Spice Rack', ['12 Jar', '16 Jar'], [1, 5, 20]),
        ],
      },
      {
        name: 'Drinkware',
        hsn: '7323',
        items: [
          t('Water Bottle', ['750 ml', '1 L'], [1, 6, 12, 24]),
          t('Coffee Mug', ['300 ml', '450 ml'], [1, 6, 12, 48]),
        ],
      },
      {
        name: 'Cookware',
        hsn: '7323',
        items: [
          t('Frying Pan', ['24 cm', '28 cm'], [1, 4, 12]),
          t('Pressure Cooker', ['3 L', '5 L'], [1, 2, 6]),
        ],
      },
      {
        name: 'Home Decor',
        hsn: '9405',
        items: [
          t('Table Lamp', ['Small', 'Large'], [1, 4, 12]),
          t('Wall Clock', ['30 cm', '40 cm'], [1, 5, 20]),
        ],
      },
      {
        name: 'Cleaning Supplies',
        hsn: '9603',
        items: [
          t('Floor Mop', ['Spin', 'Flat'], [1, 5, 20]),
          t('Scrub Sponge', ['Standard'], [6, 24, 144]),
        ],
      },
      { name: 'Bedding', hsn: '6302', items: [t('Bedsheet Set', ['Double', 'King'], [1, 5, 20])] },
    ],
  },
  {
    name: 'Office Supplies',
    slug: 'office-supplies',
    prefix: 'OS',
    adjectives: ['Heavy-Duty', 'Recycled', 'Premium', 'Acid-Free', 'Smooth-Writing'],
    price: [49, 4999],
    weight: [30, 6000],
    subcategories: [
      {
        name: 'Paper & Notebooks',
        hsn: '4802',
        items: [
          t('A4 Copier Paper', ['70 GSM', '75 GSM'], [1, 5, 10]),
          t('Spiral Notebook', ['A5', 'A4'], [6, 24, 96]),
        ],
      },
      {
        name: 'Writing Instruments',
        hsn: '9608',
        items: [
          t('Ball Pen', ['Blue', 'Black'], [10, 50, 200]),
          t('Whiteboard Marker', ['Assorted'], [10, 50, 100]),
        ],
      },
      {
        name: 'Desk Organisers',
        hsn: '3926',
        items: [t('Desk Organiser', ['3 Compartment', '5 Compartment'], [1, 10, 40])],
      },
      {
        name: 'Filing & Storage',
        hsn: '4820',
        items: [
          t('Box File', ['A4', 'FS'], [5, 20, 100]),
          t('Ring Binder', ['2 Ring', '4 Ring'], [5, 20, 100]),
        ],
      },
    ],
  },
  {
    name: 'Industrial & Scientific',
    slug: 'industrial-&-scientific',
    prefix: 'IS',
    adjectives: [
      'Industrial-Grade',
      'Corrosion-Resistant',
      'High-Precision',
      'Calibrated',
      'Lab-Grade',
    ],
    price: [149, 19999],
    weight: [50, 12000],
    subcategories: [
      {
        name: 'Lab Supplies',
        hsn: '7017',
        items: [
          t('Glass Beaker Set', ['100 ml', '250 ml', '500 ml'], [1, 6, 24]),
          t('Nitrile Gloves', ['M', 'L'], [1, 10, 50]),
        ],
      },
      {
        name: 'Measuring Instruments',
        hsn: '9017',
        items: [
          t('Digital Vernier Caliper', ['150 mm', '200 mm'], [1, 5, 20]),
          t('Infrared Thermometer', ['Standard'], [1, 5, 20]),
        ],
      },
      {
        name: 'Fasteners',
        hsn: '7318',
        items: [
          t('Hex Bolt Set', ['M6', 'M8', 'M10'], [1, 10, 100]),
          t('Self-Tapping Screws', ['25 mm', '40 mm'], [1, 10, 100]),
        ],
      },
      {
        name: 'Bearings',
        hsn: '8482',
        items: [t('Ball Bearing', ['6201', '6203', '6205'], [1, 10, 100])],
      },
    ],
  },
  {
    name: 'Tools & Hardware',
    slug: 'tools-&-hardware',
    prefix: 'TH',
    adjectives: ['Chrome Vanadium', 'Cordless', 'Professional', 'Insulated', 'Heavy-Duty'],
    price: [149, 12999],
    weight: [100, 8000],
    subcategories: [
      {
        name: 'Power Tools',
        hsn: '8467',
        items: [
          t('Cordless Drill', ['12 V', '18 V'], [1, 2, 10]),
          t('Angle Grinder', ['100 mm', '125 mm'], [1, 2, 10]),
        ],
      },
      {
        name: 'Hand Tools',
        hsn: '8205',
        items: [
          t('Screwdriver Set', ['12 Piece', '32 Piece'], [1, 5, 20]),
          t('Combination Spanner Set', ['8 Piece', '12 Piece'], [1, 5, 20]),
        ],
      },
      {
        name: 'Door & Cabinet Hardware',
        hsn: '8302',
        items: [
          t('Stainless Steel Hinge', ['3 inch', '4 inch'], [2, 10, 50]),
          t('Drawer Channel', ['12 inch', '18 inch'], [2, 10, 50]),
        ],
      },
      {
        name: 'Tool Storage',
        hsn: '7326',
        items: [t('Tool Box', ['14 inch', '19 inch'], [1, 5, 20])],
      },
      {
        name: 'Adhesives & Sealants',
        hsn: '3506',
        items: [
          t('Silicone Sealant', ['280 ml'], [1, 12, 48]),
          t('Epoxy Adhesive', ['18 g', '90 g'], [1, 12, 48]),
        ],
      },
    ],
  },
  {
    name: 'Packaging Materials',
    slug: 'packaging-materials',
    prefix: 'PK',
    adjectives: ['Recyclable', 'Tamper-Evident', 'Heavy-Duty', 'Moisture-Proof', 'Kraft'],
    price: [99, 3999],
    weight: [200, 15000],
    subcategories: [
      {
        name: 'Corrugated Boxes',
        hsn: '4819',
        items: [
          t(
            '3 Ply Corrugated Box',
            ['6 x 4 x 4 inch', '10 x 8 x 6 inch', '12 x 10 x 8 inch'],
            [25, 100, 500],
          ),
        ],
      },
      {
        name: 'Courier Bags',
        hsn: '3923',
        items: [t('Tamper-Proof Courier Bag', ['8 x 10 inch', '12 x 16 inch'], [100, 500, 1000])],
      },
      {
        name: 'Tapes',
        hsn: '3919',
        items: [t('BOPP Packing Tape', ['48 mm x 65 m', '72 mm x 65 m'], [6, 36, 72])],
      },
      {
        name: 'Protective Packaging',
        hsn: '3921',
        items: [
          t('Bubble Wrap Roll', ['50 cm x 25 m', '100 cm x 50 m'], [1, 5, 20]),
          t('Stretch Film Roll', ['18 inch'], [1, 6, 24]),
        ],
      },
    ],
  },
  {
    name: 'Sports & Fitness',
    slug: 'sports-&-fitness',
    prefix: 'SF',
    adjectives: ['Anti-Slip', 'Professional', 'Adjustable', 'Sweat-Resistant', 'Lightweight'],
    price: [149, 9999],
    weight: [100, 20000],
    subcategories: [
      { name: 'Yoga', hsn: '9506', items: [t('Yoga Mat', ['4 mm', '6 mm', '8 mm'], [1, 10, 50])] },
      {
        name: 'Strength Training',
        hsn: '9506',
        items: [
          t('PVC Dumbbell Pair', ['2 kg', '5 kg'], [1, 5, 20]),
          t('Resistance Band Set', ['5 Piece'], [1, 10, 50]),
        ],
      },
      {
        name: 'Cricket',
        hsn: '9506',
        items: [
          t('Tennis Cricket Ball', ['Standard'], [6, 24, 120]),
          t('Kashmir Willow Bat', ['Size 5', 'Full Size'], [1, 5, 20]),
        ],
      },
      {
        name: 'Badminton',
        hsn: '9506',
        items: [
          t('Badminton Racquet', ['Standard'], [1, 10, 50]),
          t('Nylon Shuttlecock', ['Standard'], [6, 24, 120]),
        ],
      },
    ],
  },
  {
    name: 'Toys & Games',
    slug: 'toys-&-games',
    prefix: 'TG',
    adjectives: ['Educational', 'Non-Toxic', 'Wooden', 'STEM', 'Colourful'],
    price: [99, 3999],
    weight: [80, 3000],
    subcategories: [
      {
        name: 'Educational Toys',
        hsn: '9503',
        items: [
          t('Building Blocks Set', ['100 Pcs', '250 Pcs'], [1, 6, 24]),
          t('Wooden Puzzle', ['Alphabet', 'Numbers'], [1, 10, 40]),
        ],
      },
      {
        name: 'Board Games',
        hsn: '9504',
        items: [
          t('Chess Board Set', ['Folding'], [1, 10, 40]),
          t('Ludo and Snakes Board', ['Standard'], [1, 10, 40]),
        ],
      },
      { name: 'Outdoor Play', hsn: '9503', items: [t('Kids Scooter', ['3 Wheel'], [1, 4, 12])] },
    ],
  },
  {
    name: 'Health & Personal Care',
    slug: 'health-&-personal-care',
    prefix: 'HP',
    adjectives: ['Clinically Tested', 'Disposable', 'Reusable', 'Alcohol-Based', 'Medical-Grade'],
    price: [49, 4999],
    weight: [30, 2500],
    subcategories: [
      {
        name: 'Hygiene',
        hsn: '3808',
        items: [
          t('Hand Sanitiser', ['100 ml', '500 ml', '5 L'], [1, 12, 48]),
          t('Surface Disinfectant', ['1 L', '5 L'], [1, 6, 24]),
        ],
      },
      {
        name: 'Masks & Protection',
        hsn: '6307',
        items: [
          t('N95 Face Mask', ['Standard'], [10, 50, 500]),
          t('3 Ply Surgical Mask', ['Standard'], [50, 100, 1000]),
        ],
      },
      {
        name: 'Health Devices',
        hsn: '9018',
        items: [
          t('Digital Thermometer', ['Standard'], [1, 10, 50]),
          t('Pulse Oximeter', ['Fingertip'], [1, 10, 50]),
        ],
      },
      {
        name: 'Oral Care',
        hsn: '3306',
        items: [t('Toothbrush', ['Soft', 'Medium'], [6, 24, 144])],
      },
    ],
  },
  {
    name: 'Garden & Outdoor',
    slug: 'garden-&-outdoor',
    prefix: 'GO',
    adjectives: ['UV-Stabilised', 'Weatherproof', 'Rust-Proof', 'Eco-Friendly', 'Heavy-Duty'],
    price: [99, 6999],
    weight: [150, 12000],
    subcategories: [
      {
        name: 'Planters',
        hsn: '3924',
        items: [
          t('Plastic Planter', ['8 inch', '12 inch'], [1, 10, 50]),
          t('Hanging Planter', ['6 inch'], [2, 10, 50]),
        ],
      },
      {
        name: 'Gardening Tools',
        hsn: '8201',
        items: [
          t('Garden Tool Set', ['3 Piece', '5 Piece'], [1, 10, 40]),
          t('Pruning Shears', ['8 inch'], [1, 10, 40]),
        ],
      },
      {
        name: 'Watering',
        hsn: '3917',
        items: [
          t('Garden Hose Pipe', ['15 m', '30 m'], [1, 5, 20]),
          t('Watering Can', ['5 L', '10 L'], [1, 6, 24]),
        ],
      },
      {
        name: 'Outdoor Lighting',
        hsn: '9405',
        items: [t('Solar Garden Light', ['Pathway', 'Wall'], [2, 10, 50])],
      },
    ],
  },
  {
    name: 'Pet Supplies',
    slug: 'pet-supplies',
    prefix: 'PS',
    adjectives: ['Durable', 'Washable', 'Chew-Proof', 'Grain-Free', 'Adjustable'],
    price: [99, 4999],
    weight: [100, 15000],
    subcategories: [
      {
        name: 'Dog Supplies',
        hsn: '4201',
        items: [
          t('Nylon Dog Leash', ['1.2 m', '1.5 m'], [1, 10, 50]),
          t('Dog Bed', ['Medium', 'Large'], [1, 4, 12]),
        ],
      },
      {
        name: 'Cat Supplies',
        hsn: '3924',
        items: [
          t('Cat Litter Tray', ['Standard', 'Covered'], [1, 5, 20]),
          t('Cat Scratching Post', ['60 cm'], [1, 4, 12]),
        ],
      },
      {
        name: 'Pet Grooming',
        hsn: '9603',
        items: [t('Pet Grooming Brush', ['Slicker', 'Bristle'], [1, 10, 50])],
      },
    ],
  },
  {
    name: 'Stationery & School',
    slug: 'stationery-&-school',
    prefix: 'SS',
    adjectives: ['Non-Toxic', 'Bright', 'Smudge-Proof', 'Refillable', 'Eco-Friendly'],
    price: [29, 1999],
    weight: [20, 3000],
    subcategories: [
      {
        name: 'Art Supplies',
        hsn: '3213',
        items: [
          t('Poster Colour Set', ['12 Shades', '24 Shades'], [1, 12, 48]),
          t('Wax Crayons', ['12 Shades', '24 Shades'], [1, 24, 96]),
        ],
      },
      {
        name: 'Geometry & Maths',
        hsn: '9017',
        items: [
          t('Geometry Box', ['Standard'], [1, 24, 96]),
          t('Scientific Calculator', ['240 Functions'], [1, 10, 50]),
        ],
      },
      {
        name: 'School Bags & Cases',
        hsn: '4202',
        items: [t('Pencil Pouch', ['Single Zip', 'Double Zip'], [1, 24, 96])],
      },
    ],
  },
  {
    name: 'Electrical Supplies',
    slug: 'electrical-supplies',
    prefix: 'ES',
    adjectives: ['ISI-Marked', 'Fire-Retardant', 'Energy-Efficient', 'Shockproof', 'Copper'],
    price: [49, 9999],
    weight: [50, 9000],
    subcategories: [
      {
        name: 'Wires & Cables',
        hsn: '8544',
        items: [t('PVC Insulated Wire', ['1 sq mm', '1.5 sq mm', '2.5 sq mm'], [1, 5, 20])],
      },
      {
        name: 'Switches & Sockets',
        hsn: '8536',
        items: [
          t('Modular Switch', ['6 A', '16 A'], [10, 50, 200]),
          t('Extension Board', ['4 Socket', '6 Socket'], [1, 10, 50]),
        ],
      },
      {
        name: 'Lighting',
        hsn: '9405',
        items: [
          t('LED Batten', ['20 W', '36 W'], [1, 10, 50]),
          t('LED Panel Light', ['12 W', '18 W'], [1, 10, 50]),
        ],
      },
      {
        name: 'Fans',
        hsn: '8414',
        items: [
          t('Ceiling Fan', ['1200 mm', '1400 mm'], [1, 2, 10]),
          t('Exhaust Fan', ['150 mm', '200 mm'], [1, 5, 20]),
        ],
      },
    ],
  },
  {
    name: 'Safety & Security',
    slug: 'safety-&-security',
    prefix: 'SA',
    adjectives: ['High-Visibility', 'Impact-Resistant', 'Certified', 'Fire-Rated', 'Weatherproof'],
    price: [99, 14999],
    weight: [80, 15000],
    subcategories: [
      {
        name: 'Personal Protective Equipment',
        hsn: '6506',
        items: [
          t('Safety Helmet', ['Standard'], [1, 10, 50]),
          t('Reflective Safety Vest', ['L', 'XL'], [1, 20, 100]),
          t('Safety Goggles', ['Clear', 'Tinted'], [1, 20, 100]),
        ],
      },
      {
        name: 'Safety Footwear',
        hsn: '6403',
        items: [t('Steel Toe Safety Shoes', ['UK 7', 'UK 8', 'UK 9', 'UK 10'], [1, 10, 50])],
      },
      {
        name: 'Fire Safety',
        hsn: '8424',
        items: [t('ABC Fire Extinguisher', ['2 kg', '4 kg', '6 kg'], [1, 4, 12])],
      },
      {
        name: 'Locks & Access',
        hsn: '8301',
        items: [
          t('Brass Padlock', ['40 mm', '50 mm'], [1, 10, 50]),
          t('Digital Door Lock', ['Fingerprint', 'Keypad'], [1, 2, 10]),
        ],
      },
    ],
  },
];

export const BRANDS = [
  'Generic',
  'Generic',
  'Generic',
  'Apex',
  'Kraftline',
  'Nova',
  'Sterling',
  'Orbit',
  'Zenith',
  'Bharat Works',
  'Everest',
  'Lotus',
  'Vardhan',
];

export const LOCATIONS = [
  'Yiwu, China',
  'Shenzhen, China',
  'Guangzhou, China',
  'Bhiwandi, Maharashtra',
  'Gurugram, Haryana',
  'Bengaluru, Karnataka',
  'Chennai, Tamil Nadu',
];

export const COLOURS = ['Black', 'White', 'Blue', 'Grey', 'Red', 'Green', 'Beige', 'Navy'];
export const SIZES = ['S', 'M', 'L', 'XL'];
export const PACKS = ['Pack of 1', 'Pack of 3', 'Pack of 6'];

/** How many products each collection of `@storefront/shared/collections` holds, by slug. */
export const COLLECTION_SIZES: Record<string, number> = {
  'under-2000': 40,
  'international-best-sellers': 40,
  'new-arrivals': 40,
  'top-50': 50,
  'hot-selling': 40,
};

export const FEATURE_PHRASES = [
  'Bulk packed for retail and resale',
  'GST invoice with HSN code on every order',
  'Quality checked before dispatch',
  'Consistent sizing across batches',
  'Export-grade packaging',
  'Suitable for corporate gifting',
  'Custom branding available above 500 units',
  'Ships within 1 business day from warehouse',
  'Compliant with BIS standards where applicable',
  'Replacement for damaged units within 7 days',
];
