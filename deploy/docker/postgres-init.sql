-- One database per service: no service reads another's.
CREATE DATABASE cypher_identity;
CREATE DATABASE cypher_organizations;
CREATE DATABASE cypher_studios;
CREATE DATABASE cypher_events;
CREATE DATABASE cypher_battles;
CREATE DATABASE cypher_images;
