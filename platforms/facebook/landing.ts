// The landing page's demo for this network (its mark and a sample coffee roaster's posts): read
// only by scripts/gen-network-names.mjs, which writes them into the landing page's generated file,
// so the app never loads them.
import { landingSamples } from "../shared/landing.ts";

// One post a line: its text, then its hashtags.
export const landing = landingSamples(
  "f",
  `
Weekend workshop! Learn latte art from our head barista this Saturday at 10 am. Eight seats left. #LatteArt #Workshop
Our compostable cups are here! Every cup now goes back to the earth in 90 days. #ZeroWaste #EcoFriendly
Happy 5th birthday to us! Every drink is 50% off today as a thank-you to our community. #Anniversary #ThankYou
Rainy day? Our delivery is free within 3 km until Sunday. Stay dry, stay caffeinated. #CoffeeDelivery
Bring your own cup this month and get 10% off. 1,200 cups saved last month, let's beat it. #BYOC #ReusableCup
Live music Friday from 6 pm: acoustic sets, decaf on the house after 8. #LiveMusic #FridayNight
Gift cards are back for the holidays: buy 50, get a free bag of our Winter Blend. #GiftIdeas #Holidays
`,
);
