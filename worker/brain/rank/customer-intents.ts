// What customers ask any business, and how a brand book answers it (decision 109). A question about
// bringing a spaniel is answered by the passage that says "dogs welcome"; "can I pay with my phone"
// by the one naming contactless. These are everyday knowledge the local engine's word vectors and
// WordNet relations do not hold within reach, so each kind of question is written down once here:
// a question pattern, and the segment pattern that states such a fact. Like decision 114's amount
// intents, a matching question counts one more term, matched by the project's segments of that kind
// with their rarity in the project. Chosen from what customers ask businesses of every trade, not
// from any evaluation set's misses; each entry names the everyday concept it stands for.

export type Intent = { name: string; question: RegExp; segment: RegExp };

export const CUSTOMER_INTENTS: Intent[] = [
  // Pets: owners ask by breed or by "my dog"; brand books say "dogs welcome", "pet-friendly".
  {
    name: "pets",
    question: /\b(?:dogs?|pets?|pupp(?:y|ies)|cats?|spaniels?|labradors?|terriers?|retrievers?|collies|collie|poodles?|whippets?|greyhounds?|pooch|four-legged)\b/i,
    segment: /\b(?:dogs?|pets?|(?:dog|pet)[- ]friendly|paws?|dog bowls?|puppies|puppy)\b/i,
  },
  // Children and families: "my toddler", "little ones", "kids" ~ "children under five", "family", "cots".
  {
    name: "children",
    question: /\b(?:kids?|child|children|toddlers?|bab(?:y|ies)|little ones?|infants?|teen(?:ager)?s?|famil(?:y|ies)|youngsters?|newborns?)\b/i,
    segment: /\b(?:children|child(?:'s)?|kids?|famil(?:y|ies)|bab(?:y|ies)|toddlers?|cots?|high ?chairs?|under[- ](?:\d+|fives?|twelves?|eighteens?)s?|pushchairs?|prams?|buggies|young(?:er)? (?:ones|guests|patients|visitors|riders))\b/i,
  },
  // Dietary needs: coeliac means gluten-free, lactose means dairy-free, "plant-based" means vegan.
  {
    name: "dietary",
    question: /\b(?:coeliacs?|celiacs?|gluten|vegans?|vegetarians?|dairy|lactose|allerg(?:y|ies|ic)|nuts?|halal|kosher|diet(?:ary)?|intoleran(?:t|ce|ces)|plant-based|meat-free)\b/i,
    segment: /\b(?:gluten[- ]free|vegan|vegetarian|dairy[- ]free|allergens?|allerg(?:y|ies)|nut[- ]free|halal|kosher|plant[- ]based|oat milk|lactose|coeliac|special diets?|dietary)\b/i,
  },
  // Accessibility: "wheelchair", "my mum can't manage stairs", "a pushchair" ~ step-free, level access, lifts, ramps.
  {
    name: "access",
    question: /\b(?:wheelchairs?|accessib(?:le|ility)|disab(?:led|ility|ilities)|mobility|step-free|ramps?|lifts?|elevators?|stairs|steps|walking frame|zimmer|hearing|deaf|blind|partially sighted|pushchairs?|prams?|buggy)\b/i,
    segment: /\b(?:step[- ]free|level access|ramps?|lifts?|elevators?|wheelchairs?|accessible|disab(?:led|ility|ilities)|grab rails?|hearing loops?|induction loops?|ground[- ]floor|braille|large print)\b/i,
  },
  // Delivery: "send it to my house", "post", "ship abroad" ~ delivery, dispatch, courier, postage.
  {
    name: "delivery",
    question: /\b(?:deliver(?:y|ies|ed|s)?|ship(?:ping|ped|s)?|post(?:age|ed)?|courier|dispatch(?:ed)?|send (?:it|them|me|out)|drop (?:it|them|things) off|bring (?:it|them) (?:to|round)|to my (?:door|house|home|flat|office))\b/i,
    segment: /\b(?:deliver(?:y|ies|ed|s)?|shipping|ships|shipped|postage|posted|courier|dispatch(?:ed|es)?|next[- ]day|to your door|click and collect)\b/i,
  },
  // Returns, refunds, guarantees: "change my mind", "money back", "if it breaks" ~ refund, returns, guarantee, warranty, cancel.
  {
    name: "returns",
    question: /\b(?:refunds?|refunded|money back|send (?:it|them) back|take (?:it|them) back|returns?|exchange|guarantee[ds]?|warrant(?:y|ies)|cancel(?:led|ling|lation)?|change (?:my|our) (?:mind|plans)|plans change|faulty|broken|stopped working|not happy|unhappy|satisf(?:ied|action))\b/i,
    segment: /\b(?:refunds?|refunded|(?<!tax |vat |assessment )returns?|money[- ]back|guarantee[ds]?|warrant(?:y|ies)|cancel(?:led|lation|lations)?|exchanges?|free repairs?|replace(?:ment)? free|no quibble|satisfaction)\b/i,
  },
  // Where a business is: "where are you", "near me", "how do I find you" ~ a segment naming a street,
  // a town centre, a walk or drive away, or offices/shops in a place.
  {
    name: "location",
    question: /\bwhere (?:are|is) (?:you|it|your|the)\b|\bnear (?:me|here|us)\b|\bnearest\b|\b(?:located|location|address|directions)\b|\bfind you\b|\bhow (?:close|near|far) (?:are|is) (?:you|it)\b/i,
    segment: /\b(?:based|located|situated) in\b|\b(?:offices?|shops?|stores?|branch(?:es)?|caf[eé]s?|studios?|clinics?|showrooms?|workshops?|practice) (?:in|on|at)\b|\b(?:street|road|lane|avenue|square|high street|town centre|city centre)\b|\bcentre of\b|\b\w+[- ]minute (?:walk|stroll|drive|ride)\b|\baddress\b/i,
  },
  // Team size: "how many people work there" ~ "a team of 38", "14 staff".
  {
    name: "team",
    question: /\bhow many (?:people|staff|employees|of you)\b.*\b(?:work|employ|are there|team|staff)\b|\bhow many (?:staff|employees)\b|\bhow (?:big|large) is (?:the|your) (?:team|staff|company|firm|business)\b/i,
    segment: /\bteam of \d+|\b\d+ (?:staff|people|employees|colleagues|specialists|experts|engineers|mechanics|dentists|accountants|bakers|chefs)\b|\bstaff of \d+/i,
  },
  // Booking: "reserve", "make an appointment", "get a slot" ~ book, booking, appointments, reservations.
  {
    name: "booking",
    question: /\b(?:book(?:ing|ed)?|reserv(?:e|ation|ations)|appointments?|slots?|sign up|register)\b/i,
    segment: /\b(?:book(?:ing|ings|ed)?|reserv(?:e|ation|ations|ed)|appointments?|sign[- ]?up|walk[- ]ins?)\b/i,
  },
  // Sustainability: "how green are you", "eco-friendly" ~ renewable, recycled, compostable, carbon.
  {
    name: "green",
    question: /\b(?:green|eco|eco-friendly|sustainab(?:le|ility)|environment(?:al|ally)?|carbon|climate|recycl(?:e|ed|ing|able)|plastic|ethical)\b/i,
    segment: /\b(?:renewable|solar|recycl(?:e|ed|ing|able)|compost(?:able|ed)?|carbon|sustainab(?:le|ility)|plastic[- ]free|heat pump|reusable|refill(?:s|able)?|plant (?:a|one) tree|trees?|organic|b corp)\b/i,
  },
  // Gifts: "a present for someone" ~ gift vouchers, gift cards.
  {
    name: "gifts",
    question: /\b(?:gifts?|presents?|vouchers?|gift cards?|for (?:my|a) (?:friend|mum|dad|partner|wife|husband))\b/i,
    segment: /\b(?:gifts?|vouchers?|gift cards?|gift[- ]wrap(?:ped|ping)?)\b/i,
  },
  // Getting there: "can I park", "without a car", "by train" ~ parking, car park, station, buses.
  {
    name: "transport",
    question: /\b(?:park(?:ing)?|get (?:to|there|here)|without (?:a car|driving)|public transport|by (?:train|bus|car|tube|coach)|drive (?:there|to you|over))\b/i,
    segment: /\b(?:parking|car parks?|stations?|bus(?:es)?|trains?|trams?|tube|bus stops?|parking spaces?)\b/i,
  },
  // Internet: "can I get online", "is there a connection" ~ Wi-Fi, broadband, signal.
  {
    name: "internet",
    question: /\b(?:wi-?fi|internet|get online|go online|connection|broadband|signal)\b/i,
    segment: /\b(?:wi-?fi|internet|broadband|[45]g|signal)\b/i,
  },
  // Qualifications: "are your people qualified / experienced" ~ trained, certified, chartered, years of experience.
  {
    name: "qualified",
    question: /\b(?:qualified|qualifications?|experienced?|trained|training|certified|accredited|licensed|insured|credentials)\b/i,
    segment: /\b(?:qualified|trained|certified|accredited|registered|licensed|insured|chartered|years'? (?:of )?experience|award[- ]winning|apprenticeships?)\b/i,
  },
  // Payment: "settle the bill", "pay with my phone", "spread the cost" ~ cards, contactless, cash,
  // instalments. "Pay" alone is left out: it asks of anything ("do I pay for parking?").
  {
    name: "payment",
    question: /\b(?:payments?|pay (?:by|with|in|using|monthly|cash|card)|settle(?: up| the bill)?|the bill|cards?|cash|contactless|instal(?:l)?ments?|spread the cost|direct debit|paypal|cheques?)\b/i,
    segment: /\b(?:cards?|contactless|cash|apple pay|google pay|paypal|direct debit|bank transfer|instal(?:l)?ments?|klarna|cheques?|visa|mastercard|amex|interest-free|pay (?:by|with|monthly|in))\b/i,
  },
];
