"""The buyers of the tickets tests, and the test provider's cards by what they do."""

BUYER = 20
OTHER_BUYER = 21

SUCCEEDS = "4242 4242 4242 4242"
DECLINED = "4000000000000002"
INSUFFICIENT = "4000000000009995"
TWO_STEPS = "4000002500003155"
