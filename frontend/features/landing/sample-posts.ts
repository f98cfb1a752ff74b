import { NETWORKS } from "./network-names.gen";

/** The demo's networks are the app's (the registry, through network-names.gen.ts; decision 207). */
export type DemoPlatform = (typeof NETWORKS)[number]["id"];
export type SamplePost = { platform: DemoPlatform; content: string; hashtags: string[] };

const INITIALS: Record<DemoPlatform, string> = { twitter: "X", facebook: "f", instagram: "IG", linkedin: "in", bluesky: "B", mastodon: "M", threads: "@" };

export const PLATFORM_STYLE = Object.fromEntries(NETWORKS.map((n) => [n.id, { label: n.name, color: n.color, initial: INITIALS[n.id] }])) as Record<
  DemoPlatform,
  { label: string; color: string; initial: string }
>;

/** The three documents the demo "feeds" to the brain. */
export const SAMPLE_DOCUMENTS = [
  { name: "Brand Guidelines.pdf", detail: "Voice, tone and values" },
  { name: "Product Catalog.docx", detail: "12 products, prices, origins" },
  { name: "Customer Reviews.txt", detail: "248 reviews" },
] as const;

export const SAMPLE_BRAND = { name: "Bloom & Brew", handle: "@bloomandbrew" };

// A sample coffee roaster's month of posts, as the demo's "generated" output.
export const SAMPLE_POSTS: SamplePost[] = [
  {
    platform: "twitter",
    content: "Monday fuel: our Ethiopia Yirgacheffe is back. Bright, floral, a little like blueberries. Grab a bag before Friday.",
    hashtags: ["coffee", "MondayMotivation"],
  },
  {
    platform: "instagram",
    content: "Slow mornings start with a pour-over. Swipe for our 4-step recipe: 22 g coffee, 350 g water, 3 minutes, zero stress.",
    hashtags: ["pourover", "coffeetime", "slowliving"],
  },
  {
    platform: "linkedin",
    content: "We pay our farmers 40% above fair-trade minimums. Here's why direct trade is the best business decision we ever made.",
    hashtags: ["DirectTrade", "Sustainability"],
  },
  {
    platform: "facebook",
    content: "Weekend workshop! Learn latte art from our head barista this Saturday at 10 am. Eight seats left.",
    hashtags: ["LatteArt", "Workshop"],
  },
  {
    platform: "bluesky",
    content: "Iced honey cinnamon latte: five ingredients, two minutes, and the perfect afternoon pick-me-up.",
    hashtags: ["IcedCoffee", "CoffeeRecipes"],
  },
  {
    platform: "twitter",
    content: "Hot take: the best cup of coffee is the one you share. Tag the person who gets your first sip.",
    hashtags: ["CoffeeLovers"],
  },
  {
    platform: "instagram",
    content: "Behind the roast: every batch is cupped by hand before it leaves the roastery. 14 tastings a day, every day.",
    hashtags: ["roastery", "behindthescenes"],
  },
  {
    platform: "linkedin",
    content: "Three lessons from scaling a neighbourhood coffee shop to four locations without losing the neighbourhood feel.",
    hashtags: ["SmallBusiness", "Leadership"],
  },
  { platform: "facebook", content: "Our compostable cups are here! Every cup now goes back to the earth in 90 days.", hashtags: ["ZeroWaste", "EcoFriendly"] },
  {
    platform: "mastodon",
    content: "Build the cosiest home coffee corner: a grinder, a kettle, a plant and your favourite mug.",
    hashtags: ["HomeBarista", "CozyHome"],
  },
  {
    platform: "twitter",
    content: "Espresso or filter? Reply with your pick and we'll brew the winner free for everyone tomorrow 8-9 am.",
    hashtags: ["CoffeePoll"],
  },
  {
    platform: "instagram",
    content: "Meet Rosa, who grows our Colombian Huila on a hillside at 1,800 m. Her secret: patience and a lot of shade trees.",
    hashtags: ["meetthefarmer", "colombiancoffee"],
  },
  {
    platform: "linkedin",
    content: "We're hiring a roaster's apprentice. No experience needed, curiosity required. Paid training and a lifetime of good coffee.",
    hashtags: ["Hiring", "Careers"],
  },
  {
    platform: "facebook",
    content: "Happy 5th birthday to us! Every drink is 50% off today as a thank-you to our community.",
    hashtags: ["Anniversary", "ThankYou"],
  },
  {
    platform: "threads",
    content: "Coffee and chocolate pairing guide: fruity coffees with dark chocolate, nutty coffees with milk chocolate.",
    hashtags: ["FoodPairing", "CoffeeGuide"],
  },
  { platform: "twitter", content: "Pro tip: grind right before you brew. Ground coffee loses most of its aroma within 15 minutes.", hashtags: ["CoffeeTips"] },
  {
    platform: "instagram",
    content: "Autumn menu drop: maple oat latte, spiced cold brew and our pumpkin-free pumpkin-spice (you'll see).",
    hashtags: ["autumnmenu", "newdrinks"],
  },
  {
    platform: "linkedin",
    content: "Customer reviews taught us more than any survey. 248 reviews later, here's what our regulars value most.",
    hashtags: ["CustomerExperience"],
  },
  { platform: "facebook", content: "Rainy day? Our delivery is free within 3 km until Sunday. Stay dry, stay caffeinated.", hashtags: ["CoffeeDelivery"] },
  {
    platform: "bluesky",
    content: "Five ways to reuse coffee grounds: garden fertiliser, fridge deodoriser, body scrub, and two more.",
    hashtags: ["Upcycling", "ZeroWaste"],
  },
  {
    platform: "twitter",
    content: "New single origin just landed: Kenya AA. Blackcurrant, grapefruit, syrupy body. Tasting flight all week.",
    hashtags: ["SingleOrigin"],
  },
  { platform: "instagram", content: "Your Sunday reset: a fresh notebook, a window seat and a flat white.", hashtags: ["sundayvibes", "flatwhite"] },
  {
    platform: "linkedin",
    content: "How we cut our roastery's energy use by 30% with a heat-recovery system, and what it cost.",
    hashtags: ["Sustainability", "Operations"],
  },
  {
    platform: "facebook",
    content: "Bring your own cup this month and get 10% off. 1,200 cups saved last month, let's beat it.",
    hashtags: ["BYOC", "ReusableCup"],
  },
  {
    platform: "mastodon",
    content: "Cold brew concentrate, step by step: 1:4 ratio, 18 hours in the fridge, strain and enjoy for a week.",
    hashtags: ["ColdBrew", "DIY"],
  },
  {
    platform: "twitter",
    content: "We asked 100 regulars their go-to order. 41% said oat flat white. The other 59% are wrong (kidding).",
    hashtags: ["CoffeeData"],
  },
  {
    platform: "instagram",
    content: "Latte art progress: week 1 vs week 12. Practice beats talent when talent doesn't practise.",
    hashtags: ["latteart", "baristalife"],
  },
  {
    platform: "linkedin",
    content: "Our subscription programme passed 2,000 members. The one change that doubled retention: letting people skip a month.",
    hashtags: ["Subscriptions", "Growth"],
  },
  { platform: "facebook", content: "Live music Friday from 6 pm: acoustic sets, decaf on the house after 8.", hashtags: ["LiveMusic", "FridayNight"] },
  {
    platform: "threads",
    content: "Minimalist coffee bar ideas for small kitchens, all under one metre of counter space.",
    hashtags: ["SmallSpaces", "KitchenIdeas"],
  },
  { platform: "twitter", content: "Decaf doesn't have to be sad. Our Swiss Water decaf Peru tastes of cocoa and caramel. Sleep well.", hashtags: ["Decaf"] },
  { platform: "instagram", content: "Fresh out of the roaster: that first crack sound is our favourite song.", hashtags: ["roastday", "coffeeroasting"] },
  {
    platform: "linkedin",
    content: "Why we publish our green-coffee prices every quarter, and how transparency became our best marketing.",
    hashtags: ["Transparency", "Branding"],
  },
  { platform: "facebook", content: "Gift cards are back for the holidays: buy 50, get a free bag of our Winter Blend.", hashtags: ["GiftIdeas", "Holidays"] },
  { platform: "bluesky", content: "The perfect French press in four steps, with a printable brew card.", hashtags: ["FrenchPress", "Printable"] },
  {
    platform: "twitter",
    content: "Thank you for 10,000 followers. Coffee's on us: show this post at any shop this weekend.",
    hashtags: ["ThankYou", "Community"],
  },
];
