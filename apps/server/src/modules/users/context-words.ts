/**
 * Context-specific words (ASVS 5.0 6.2.11): what buyers of an Indian B2B storefront reach for
 * that the published common-password list (password-policy.ts) ranks low or lacks, because it
 * was drawn mostly from leaks of English-language sites: the service's own words, Indian
 * cities and states, deities and greetings, cricket and film names, banks, telecoms and
 * payment apps, common given names. Checked with the same variants (case, a trailing run of
 * digits and symbols, letter swaps), so 'Paytm@2026' and 'Mumb@i123' are refused.
 */
export const CONTEXT_WORDS: readonly string[] = `
storefront marketplace traders trader exports imports retailer distributor manufacturer
wholesaler supplier vendor orders b2b corporate pvtltd llp business company
gst gstin tax invoice payments rupee rupees paisa
paytm phonepe gpay googlepay upi bhim razorpay
hdfc icici sbi axis kotak yesbank canara
airtel jio bsnl vodafone idea tata reliance ambani infosys wipro tcs hcl techmahindra
flipkart amazon meesho indiamart myntra swiggy zomato
oneplus xiaomi redmi oppo vivo realme samsung
india bharat hindustan iloveindia incredibleindia myindia jaihind vandemataram
mumbai delhi newdelhi bangalore bengaluru chennai kolkata hyderabad pune ahmedabad jaipur
lucknow surat kanpur nagpur indore bhopal patna ludhiana agra nashik vadodara kochi
coimbatore goa gujarat rajasthan maharashtra karnataka tamilnadu kerala punjab bihar
bengal odisha telangana andhra assam haryana
ram sita shyam radhe radha krishna harekrishna shiva shivshakti mahadev bholenath
jaishriram jaishreeram shreeram omnamahshivaya omnamashivaya ganesh ganpati hanuman
durga laxmi lakshmi saraswati parvati balaji tirupati venkatesh murugan ayyappa sai
saibaba waheguru khalsa allah bismillah
cricket sachin tendulkar dhoni msdhoni virat kohli viratkohli rohit ipl csk rcb
mumbaiindians kabaddi bollywood shahrukh srk salman aamir hrithik ranbir amitabh
rajini rajinikanth ajith vijay prabhas bahubali chiranjeevi pawan allu arjun arijit
badshah honeysingh diljit sidhumoosewala pubg freefire
amit rahul raj rajesh suresh ramesh mahesh dinesh ganesh vinod ravi ravindra sagar
satish sudhir sanjay manoj anil sunil deepak vikas pooja priya neha divya lalita meena
nisha rekha riya sneha swati usha geeta seema ritu aarti jyoti payal komal anjali
maa papa mama baba beti bhai didi biryani paneer chai
`
  .split(/\s+/)
  .filter(Boolean);
